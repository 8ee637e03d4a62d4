import { Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { RedisClient, scriptKey } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { FailOpen } from './fail-open';
import { INCREMENT_SCRIPT } from './throttle-script';

type RedisWithThrottle = RedisClient & {
  throttleIncrement(
    hitsKey: string,
    blockKey: string,
    windowMs: number,
    limit: number,
    blockMs: number,
    nowMs: number,
  ): Promise<number[]>;
};

/**
 * @nestjs/throttler storage on Redis. Written here rather than taken from @nest-lab/throttler-storage-redis
 * because the contract needs what that library does not do: fail open (the request passes, one log line
 * a minute) while Redis is unreachable, and a block that clears the window's hits so a key starts a
 * fresh window the moment its block ends; the whole step is one Lua script, one round trip.
 */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly redis: RedisWithThrottle;
  private readonly prefix: string;

  constructor(
    @InjectRedis() redis: RedisClient,
    config: AppConfig,
    private readonly failOpen: FailOpen,
    private readonly clock: Clock,
  ) {
    redis.defineCommand('throttleIncrement', { numberOfKeys: 2, lua: INCREMENT_SCRIPT });
    this.redis = redis as RedisWithThrottle;
    this.prefix = `${config.redis.prefix}:rate`;
  }

  /** `ttl` and `blockDuration` are milliseconds (the throttler's unit); the answer is in seconds. */
  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const passing: ThrottlerStorageRecord = {
      totalHits: 0,
      timeToExpire: Math.ceil(ttl / 1000),
      isBlocked: false,
      timeToBlockExpire: 0,
    };
    return this.failOpen.run(() => this.count(key, ttl, limit, blockDuration), passing);
  }

  /** As increment, but a Redis failure is thrown to the caller (for limits that fail closed). */
  async count(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const [hits, windowLeft, blocked, blockLeft] = await this.redis.throttleIncrement(
      // One hash tag per limited subject (`{rl:key:<id>}`): both keys in one slot of a cluster.
      // Named apart from the counters of 0.4 (a plain count and a flag that Redis's expiry ended): those
      // are left to expire.
      scriptKey(this.prefix, `rl:${key}`, 'window'),
      scriptKey(this.prefix, `rl:${key}`, 'blocked-until'),
      ttl,
      limit,
      blockDuration,
      this.clock.nowMs(),
    );
    return {
      totalHits: hits,
      timeToExpire: Math.ceil(windowLeft / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(blockLeft / 1000),
    };
  }
}
