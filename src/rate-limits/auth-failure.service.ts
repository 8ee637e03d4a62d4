import { Clock } from '../clock/clock';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { MetricsService } from '../metrics/metrics.service';
import { FailOpen } from './fail-open';
import { FailureLimit } from './failure-limit';

const WINDOW_MS = 60_000;

/**
 * Failed authentications (bad API key, bad refresh token) counted per client IP in a one-minute
 * window. At AUTH_FAILURE_LIMIT the IP gets 429 on the authentication endpoints until the window ends,
 * so keys cannot be guessed at speed.
 */
@Injectable()
export class AuthFailureService {
  private readonly perIp: FailureLimit;

  constructor(
    @InjectRedis() redis: RedisClient,
    config: AppConfig,
    failOpen: FailOpen,
    private readonly metrics: MetricsService,
    clock: Clock,
  ) {
    this.perIp = new FailureLimit(
      redis,
      `${config.redis.prefix}:authfail`,
      () => config.rateLimit.authFailureLimit,
      WINDOW_MS,
      failOpen,
      clock,
    );
  }

  /** Throws 429 when this IP has used up its failures. */
  assertAllowed(ip: string): Promise<void> {
    return this.perIp.assertAllowed(ip);
  }

  /** Counts a failure of `endpoint` (for metrics) against the client IP. */
  async record(ip: string, endpoint: string): Promise<void> {
    this.metrics.authFailed(endpoint);
    await this.perIp.record(ip);
  }
}
