// Unit tests beside the code (src, *.spec.ts); end-to-end tests in test/ against real MariaDB and Redis;
// cluster tests (npm run test:cluster) start a Redis Cluster and a MariaDB Galera cluster of their own.
// openid-client and otplib's plugins (and what they stand on) ship only ES modules, which Node 20
// requires from CommonJS but jest's module system does not: jest compiles them to CommonJS (once,
// cached) like the TypeScript.
const { availableParallelism } = require('node:os');

const ES_MODULE_PACKAGES = ['openid-client', 'oauth4webapi', 'jose', '@scure/base', '@noble/hashes'];
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.spec.json' }],
  [`/node_modules/(${ES_MODULE_PACKAGES.join('|')})/.+\\.js$`]: [
    'ts-jest',
    { tsconfig: { allowJs: true, isolatedModules: true, module: 'commonjs', target: 'es2022' } },
  ],
};
// Ignored: a package under its last node_modules/ that is not one of those (nested copies count too).
const transformIgnorePatterns = [`/node_modules/(?!(${ES_MODULE_PACKAGES.join('|')})/)(?!.*/node_modules/)`];

module.exports = {
  // Generous: with three files at once on two cores, a browser suite's set-up may wait its turn.
  testTimeout: 90000,
  // Three workers on two cores (jest's default, one per core less one, leaves one idle): a test file
  // spends part of its time waiting on MariaDB, Redis, a child process or the browser, and with two
  // workers the cores still idled 13-20 % of the run; with three, 3 % (vmstat), and npm test took
  // 303-309 s instead of 350 s (docs/development.md, "How long the tests take").
  // (Counted here: jest reads a percentage over 100 as a plain number of workers.)
  maxWorkers: Math.max(1, Math.floor(availableParallelism() * 1.5)),
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      transform,
      transformIgnorePatterns,
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
      transformIgnorePatterns,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
  ],
};
