import { HttpStatus, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { InjectRedis } from '../redis/redis.module';
import { MetricsService } from '../metrics/metrics.service';
import { FailOpen } from './fail-open';

const WINDOW_MS = 60_000;

/**
 * Counts a failure. KEYS: hits, block. ARGV: window ms, limit. The failure that reaches the limit
 * sets the block key for the rest of the window, so the check on every authentication is one PTTL.
 */
const RECORD_FAILURE_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
if hits >= tonumber(ARGV[2]) then
  local left = redis.call('PTTL', KEYS[1])
  if left > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', left)
  end
end
return hits
`;

type RedisWithFailureCount = Redis & {
  recordAuthFailure(hitsKey: string, blockKey: string, windowMs: number, limit: number): Promise<number>;
};

/**
 * Failed authentications (bad API key, bad refresh token) counted per client IP in a one-minute
 * window. At AUTH_FAILURE_LIMIT the IP gets 429 on the authentication endpoints until the window ends,
 * so keys cannot be guessed at speed.
 */
@Injectable()
export class AuthFailureService {
  private readonly redis: RedisWithFailureCount;
  private readonly prefix: string;

  constructor(
    @InjectRedis() redis: Redis,
    private readonly config: AppConfig,
    private readonly failOpen: FailOpen,
    private readonly metrics: MetricsService,
  ) {
    redis.defineCommand('recordAuthFailure', { numberOfKeys: 2, lua: RECORD_FAILURE_SCRIPT });
    this.redis = redis as RedisWithFailureCount;
    this.prefix = `${config.redis.prefix}:authfail`;
  }

  /** Throws 429 when this IP has used up its failures. */
  async assertAllowed(ip: string): Promise<void> {
    const blockLeft = await this.failOpen.run(() => this.redis.pttl(this.blockKeyFor(ip)), 0);
    if (blockLeft > 0) {
      const retryAfter = String(Math.max(1, Math.ceil(blockLeft / 1000)));
      throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', { 'Retry-After': retryAfter });
    }
  }

  /** Counts a failure of `endpoint` (for metrics) against the client IP. */
  async record(ip: string, endpoint: string): Promise<void> {
    this.metrics.authFailed(endpoint);
    await this.failOpen.run(
      () =>
        this.redis.recordAuthFailure(
          `${this.prefix}:${ip}`,
          this.blockKeyFor(ip),
          WINDOW_MS,
          this.config.rateLimit.authFailureLimit,
        ),
      0,
    );
  }

  private blockKeyFor(ip: string): string {
    return `${this.prefix}:${ip}:block`;
  }
}
