import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ApiKeyThrottlerGuard, perKeyThrottler } from './api-key-throttler.guard';
import { AuthFailureService } from './auth-failure.service';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Provides the storage to ThrottlerModule's async factory, which can only inject from its imports. */
@Module({ providers: [RedisThrottlerStorage], exports: [RedisThrottlerStorage] })
class ThrottlerStorageModule {}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [ThrottlerStorageModule],
      inject: [RedisThrottlerStorage],
      useFactory: (storage: RedisThrottlerStorage) => ({ throttlers: [perKeyThrottler], storage }),
    }),
  ],
  providers: [AuthFailureService, ApiKeyThrottlerGuard],
  exports: [AuthFailureService, ApiKeyThrottlerGuard, ThrottlerModule],
})
export class RateLimitModule {}
