import Redis from 'ioredis';
import { dropDatabase } from '../../src/database/ensure-database';

/** Drops this run's database and deletes this run's Redis keys; touches nothing else. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.DATABASE_URL?.includes('contact_intake_test_')) {
    await dropDatabase(process.env.DATABASE_URL);
  }
  const prefix = process.env.REDIS_PREFIX;
  if (prefix?.startsWith('contact-intake-test:')) {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  }
}
