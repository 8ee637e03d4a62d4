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
        const redis = connectRedis(
          config.redis,
          {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            commandTimeout: 1000,
            connectTimeout: 2000,
            retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
            // The commands of one event-loop turn (concurrent requests' limit and spam scripts) go out in
            // one write (see writeOncePerTurn), not through ioredis's auto-pipelining, which cost more
            // than it saved (docs/performance.md).
            enableAutoPipelining: false,
          },
          { oneWritePerTurn: true },
        );
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
