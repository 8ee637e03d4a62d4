import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { ensureDatabase } from '../../src/database/ensure-database';

/**
 * One fresh database and Redis key prefix per test run, migrated once; each test file then works in
 * its own Redis sub-prefix. Settings reach the test workers through the environment.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  process.env.DATABASE_URL = `${server}/contact_intake_test_${runId}`;
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  process.env.REDIS_PREFIX = `contact-intake-test:${runId}`;
  process.env.JWT_SECRET = randomBytes(32).toString('base64url');
  process.env.NODE_ENV = 'test';
  await ensureDatabase(process.env.DATABASE_URL);
  const dataSource = new DataSource(
    buildDataSourceOptions({ url: process.env.DATABASE_URL, poolSize: 2, connectTimeoutMs: 5000 }),
  );
  await dataSource.initialize();
  await dataSource.runMigrations();
  await dataSource.destroy();
}
