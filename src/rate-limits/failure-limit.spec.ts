import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { TestClock } from '../../test/support/test-clock';
import { loadConfig } from '../config/app-config';
import { FailOpen } from './fail-open';
import { FailureLimit } from './failure-limit';

describe('FailureLimit (against the machine Redis, under a prefix of its own, on a clock the test moves)', () => {
  const prefix = `contact-intake-test:unit:${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ REDIS_PREFIX: prefix });
  const redis = new Redis(config.redis.url);
  const clock = new TestClock();
  const limit = new FailureLimit(redis, prefix, () => 2, 60_000, new FailOpen(), clock);
  const status = (attempt: Promise<void>) =>
    attempt.then(
      () => 200,
      (error: { getStatus?: () => number }) => error.getStatus?.() ?? 500,
    );

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
    await redis.quit();
  });

  it('refuses the attempt past the limit until the window ends, by the clock, then counts afresh', async () => {
    expect([await status(limit.takeAttempt('a')), await status(limit.takeAttempt('a'))]).toEqual([200, 200]);
    expect(await status(limit.takeAttempt('a'))).toBe(429);
    clock.advance(59_000);
    expect(await status(limit.takeAttempt('a'))).toBe(429);
    clock.advance(1_000);
    expect(await status(limit.takeAttempt('a'))).toBe(200);
  });

  it('gives back an attempt that succeeded, so only failures use up the budget', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await status(limit.takeAttempt('b'))).toBe(200);
      await limit.giveBack('b');
    }
  });

  it('blocks a subject whose failures reached the limit for the rest of the window', async () => {
    await limit.record('c');
    expect(await status(limit.assertAllowed('c'))).toBe(200);
    clock.advance(30_000);
    await limit.record('c');
    expect(await status(limit.assertAllowed('c'))).toBe(429);
    clock.advance(30_000);
    expect(await status(limit.assertAllowed('c'))).toBe(200);
  });
});
