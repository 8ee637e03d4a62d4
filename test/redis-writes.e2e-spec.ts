import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type Redis from 'ioredis';
import { connectRedis } from '../src/redis/redis-connection';
import { deleteKeysUnder } from './support/redis-keys';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const settings = { url: REDIS_URL, clusterNodes: [], prefix: 'unused' } as never;

/** Counts the socket writes a connection makes (writev counts once, whatever it carries). */
function countWrites(redis: Redis): { writes: number } {
  type Write = (...args: unknown[]) => void;
  const socket = (redis as unknown as { stream: Socket & { _writev: Write; _write: Write } }).stream;
  const counter = { writes: 0 };
  for (const name of ['_writev', '_write'] as const) {
    const original = socket[name].bind(socket);
    socket[name] = (...args: unknown[]) => {
      counter.writes++;
      return original(...args);
    };
  }
  return counter;
}

describe('the request-path Redis connection: one socket write per event-loop turn', () => {
  const prefix = `contact-intake-test:writes-${randomBytes(3).toString('hex')}`;
  const opened: Redis[] = [];
  const open = async (oneWritePerTurn: boolean): Promise<Redis> => {
    const redis = connectRedis(settings, { enableOfflineQueue: true }, { oneWritePerTurn }) as Redis;
    opened.push(redis);
    await redis.ping();
    return redis;
  };

  afterAll(async () => {
    await Promise.all(opened.map((redis) => redis.quit()));
    await deleteKeysUnder(REDIS_URL, prefix);
  });

  it('sends the commands of one turn together, each still answered on its own', async () => {
    const redis = await open(true);
    const counter = countWrites(redis);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        redis.set(`${prefix}:${i}`, String(i)).then(() => redis.get(`${prefix}:${i}`)),
      ),
    );
    expect(replies).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    // 20 SETs in the first turn, then the 20 GETs in the turn(s) their replies arrived in (a busy
    // machine may split the replies over a few reads): a handful of writes for 40 commands, never one each.
    expect(counter.writes).toBeGreaterThanOrEqual(2);
    expect(counter.writes).toBeLessThanOrEqual(8);
  });

  it('keeps doing so on the socket of a reconnection', async () => {
    const redis = await open(true);
    redis.disconnect(true);
    await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
    const counter = countWrites(redis);
    await Promise.all(Array.from({ length: 10 }, (_, i) => redis.incr(`${prefix}:n${i % 2}`)));
    expect(counter.writes).toBe(1);
    expect(await redis.mget(`${prefix}:n0`, `${prefix}:n1`)).toEqual(['5', '5']);
  });

  it('is what makes the difference: without it each command is a write of its own', async () => {
    const redis = await open(false);
    const counter = countWrites(redis);
    await Promise.all(Array.from({ length: 10 }, (_, i) => redis.set(`${prefix}:plain${i}`, 'x')));
    expect(counter.writes).toBeGreaterThanOrEqual(5);
  });
});
