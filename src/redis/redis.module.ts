import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { connectRedis, RedisClient } from './redis-connection';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
export const InjectRedis = (): ParameterDecorator => Inject(REDIS_CLIENT);

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@InjectRedis() private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      // The connection for request-path work (rate limits, sessions). Commands fail at once while
      // Redis is away instead of queueing, so callers can fail open; ioredis reconnects by itself.
      provide: REDIS_CLIENT,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const redis = connectRedis(config.redis, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: 1000,
          connectTimeout: 2000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
          // No auto-pipelining: it wraps every command in a pipeline of its own, deferred a tick, which
          // cost more than the socket writes it saves. Measured on a quiet machine (docs/performance.md):
          // without it /auth.php took 15 % less CPU per request at c=1 and p99 fell from 28 to 17 ms at
          // c=64, and submissions were the same or better.
          enableAutoPipelining: false,
        });
        // Failures surface where commands are used (the rate limiter fails open and reports them).
        redis.on('error', () => undefined);
        return redis;
      },
    },
    RedisCloser,
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule {}
