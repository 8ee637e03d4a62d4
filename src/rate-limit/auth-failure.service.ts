import { HttpStatus, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { InjectRedis } from '../redis/redis.module';
import { MetricsService } from '../metrics/metrics.service';
import { FailOpen } from './fail-open';

const WINDOW_MS = 60_000;

/**
 * Failed authentications (bad API key, bad refresh token) counted per client IP in a one-minute
 * window. At AUTH_FAILURE_LIMIT the IP gets 429 on the authentication endpoints until the window ends,
 * so keys cannot be guessed at speed.
 */
@Injectable()
export class AuthFailureService {
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly failOpen: FailOpen,
    private readonly metrics: MetricsService,
  ) {
    this.prefix = `${config.redis.prefix}:authfail`;
  }

  /** Throws 429 when this IP has used up its failures. */
  async assertAllowed(ip: string): Promise<void> {
    const retryAfter = await this.failOpen.run(async () => {
      const key = this.keyFor(ip);
      const [[, hits], [, left]] = (await this.redis.multi().get(key).pttl(key).exec()) as [
        [Error | null, string | null],
        [Error | null, number],
      ];
      return Number(hits ?? 0) >= this.config.rateLimit.authFailureLimit ? Math.max(1, Math.ceil(left / 1000)) : 0;
    }, 0);
    if (retryAfter > 0) {
      throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', { 'Retry-After': String(retryAfter) });
    }
  }

  /** Counts a failure of `endpoint` (for metrics) against the client IP. */
  async record(ip: string, endpoint: string): Promise<void> {
    this.metrics.authFailed(endpoint);
    await this.failOpen.run(async () => {
      const key = this.keyFor(ip);
      await this.redis.multi().incr(key).pexpire(key, WINDOW_MS, 'NX').exec();
    }, undefined);
  }

  private keyFor(ip: string): string {
    return `${this.prefix}:${ip}`;
  }
}
