import { dropDatabase } from '../../src/database/ensure-database';
import { deleteKeysUnder } from './redis-keys';

/** Drops this run's database and deletes this run's Redis keys; touches nothing else. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.DATABASE_URL?.includes('contact_intake_test_')) {
    await dropDatabase(process.env.DATABASE_URL);
  }
  const prefix = process.env.REDIS_PREFIX;
  if (prefix?.startsWith('contact-intake-test:')) {
    await deleteKeysUnder(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix);
  }
}
