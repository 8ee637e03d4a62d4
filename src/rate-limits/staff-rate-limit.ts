import { HttpStatus, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import type { StaffRateBudget } from '../staff-auth/staff-admission';
import { RedisThrottlerStorage } from './redis-throttler.storage';

const MINUTE_MS = 60_000;

/**
 * The staff API's own budget: STAFF_RATE_LIMIT requests per account per minute, counted in Redis under
 * the account's id (never a client key's window). Over it: 429 with Retry-After until the minute ends.
 * Unlike the intake path's limits it fails closed: while Redis is away staff routes answer 503 with
 * Retry-After (sessions live in Redis too, so a cookie could not be checked anyway). Reports, each
 * computed from many rows, have a lower budget of their own as well (STAFF_REPORTS_RATE_LIMIT), so one
 * account cannot keep the database busy with them.
 */
@Injectable()
export class StaffRateLimit {
  constructor(
    private readonly storage: RedisThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  /** One request of the account: against its whole budget, or a route's own (`budget`). */
  async consume(accountId: string, budget?: StaffRateBudget): Promise<void> {
    const [key, limit] = budget
      ? [`staff-${budget}:${accountId}`, this.config.staffAuth.reportsRateLimit]
      : [`staff:${accountId}`, this.config.staffAuth.rateLimit];
    const record = await this.storage.count(key, MINUTE_MS, limit, MINUTE_MS);
    if (record.isBlocked) {
      throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', {
        'Retry-After': String(Math.max(1, record.timeToBlockExpire)),
      });
    }
  }
}
