// Unit tests beside the code (src, *.spec.ts); end-to-end tests in test/ against real MariaDB and Redis;
// cluster tests (npm run test:cluster) start a Redis Cluster and a MariaDB Galera cluster of their own.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.spec.json' }] };

module.exports = {
  testTimeout: 60000,
  // One worker per core (jest's default leaves one idle): a test file spends much of its time waiting on
  // MariaDB, Redis, a child process or the browser, so two files at once keep two cores busy.
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      transform,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      transform,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
    {
      displayName: 'cluster',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/test/cluster/*.cluster-spec.ts'],
      transform,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
  ],
};
