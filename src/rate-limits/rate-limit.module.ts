import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ApiKeyThrottlerGuard, perKeyThrottler } from './api-key-throttler.guard';
import { AuthFailureService } from './auth-failure.service';
import { FailOpen } from './fail-open';
import { RedisThrottlerStorage } from './redis-throttler.storage';
import { StaffRateLimit } from './staff-rate-limit';

/**
 * The Redis-backed pieces, in a module of their own so ThrottlerModule's async factory (which can only
 * inject from its imports) gets the same instances as the guards.
 */
@Module({
  providers: [FailOpen, RedisThrottlerStorage, AuthFailureService],
  exports: [FailOpen, RedisThrottlerStorage, AuthFailureService],
})
class RateLimitStorageModule {}

@Module({
  imports: [
    RateLimitStorageModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [RedisThrottlerStorage],
      useFactory: (storage: RedisThrottlerStorage) => ({ throttlers: [perKeyThrottler], storage }),
    }),
  ],
  providers: [ApiKeyThrottlerGuard, StaffRateLimit],
  exports: [RateLimitStorageModule, ApiKeyThrottlerGuard, ThrottlerModule, StaffRateLimit],
})
export class RateLimitModule {}
