import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config/app-config';
import { TestClock } from '../../test/support/test-clock';
import { FailOpen } from './fail-open';
import { RedisThrottlerStorage } from './redis-throttler.storage';

describe('RedisThrottlerStorage arithmetic (against the machine Redis, under a prefix of its own)', () => {
  const prefix = `contact-intake-test:unit:${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ REDIS_PREFIX: prefix });
  const redis = new Redis(config.redis.url);
  const clock = new TestClock();
  const storage = new RedisThrottlerStorage(redis, config, new FailOpen(), clock);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
    await redis.quit();
  });

  it('counts hits within the window and reports whole seconds left', async () => {
    const first = await storage.increment('a', 60_000, 3, 10_000);
    const second = await storage.increment('a', 60_000, 3, 10_000);
    expect([first.totalHits, second.totalHits]).toEqual([1, 2]);
    expect(second.isBlocked).toBe(false);
    expect(second.timeToExpire).toBe(60);
  });

  it('blocks on the hit after the limit for the block duration, not the window', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await storage.increment('b', 60_000, 2, 3_000)).isBlocked).toBe(false);
    }
    const over = await storage.increment('b', 60_000, 2, 3_000);
    expect(over.isBlocked).toBe(true);
    expect(over.timeToBlockExpire).toBe(3);
    const during = await storage.increment('b', 60_000, 2, 3_000);
    expect(during.isBlocked).toBe(true);
    expect(during.timeToBlockExpire).toBeLessThanOrEqual(3);
  });

  it('starts afresh once a block ends', async () => {
    await storage.increment('c', 60_000, 1, 500);
    expect((await storage.increment('c', 60_000, 1, 500)).isBlocked).toBe(true);
    clock.advance(600);
    const after = await storage.increment('c', 60_000, 1, 500);
    expect(after).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('starts a fresh window once the clock passes its end, and not before', async () => {
    expect((await storage.increment('w', 60_000, 5, 1_000)).totalHits).toBe(1);
    clock.advance(59_000);
    expect(await storage.increment('w', 60_000, 5, 1_000)).toMatchObject({ totalHits: 2, timeToExpire: 1 });
    clock.advance(1_000);
    expect(await storage.increment('w', 60_000, 5, 1_000)).toMatchObject({ totalHits: 1, timeToExpire: 60 });
  });

  it('rounds sub-second remainders up so Retry-After is never 0', async () => {
    await storage.increment('d', 1_000, 1, 200);
    const over = await storage.increment('d', 1_000, 1, 200);
    expect(over.timeToBlockExpire).toBe(1);
  });

  it('lets requests through when Redis is unreachable', async () => {
    const offline = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    const failing = new RedisThrottlerStorage(offline, config, new FailOpen(), clock);
    const record = await failing.increment('e', 60_000, 1, 60_000);
    expect(record).toMatchObject({ isBlocked: false, totalHits: 0, timeToExpire: 60 });
    offline.disconnect();
  });
});
