import Redis from 'ioredis';

/** Deletes every key under `prefix:` (SCAN, not KEYS, so a large Redis is not blocked). */
export async function deleteKeysUnder(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
