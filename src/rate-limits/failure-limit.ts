import { RedisClient, scriptKey } from '../redis/redis-connection';
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../http/api-exception';
import { FailOpen } from './fail-open';

/**
 * Counts a failure. KEYS: hits, block. ARGV: window ms, limit. The failure that reaches the limit
 * sets the block key for the rest of the window, so the check before every attempt is one PTTL.
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

type RedisWithFailureCount = RedisClient & {
  recordFailure(hitsKey: string, blockKey: string, windowMs: number, limit: number): Promise<number>;
};

/**
 * Failed attempts per subject (a client IP, say) in a fixed window, in Redis so every process shares
 * the count. Once a subject reaches `limit` failures it is refused with 429 until the window ends,
 * whatever it presents then, so guessing gets no success signal. Fails open while Redis is away.
 */
export class FailureLimit {
  private readonly redis: RedisWithFailureCount;

  constructor(
    redis: RedisClient,
    private readonly prefix: string,
    private readonly limit: () => number,
    private readonly windowMs: number,
    private readonly failOpen: FailOpen,
  ) {
    if (!('recordFailure' in redis)) {
      redis.defineCommand('recordFailure', { numberOfKeys: 2, lua: RECORD_FAILURE_SCRIPT });
    }
    this.redis = redis as RedisWithFailureCount;
  }

  /** Throws 429 with Retry-After when `subject` has used up its failures. */
  async assertAllowed(subject: string): Promise<void> {
    const blockLeft = await this.failOpen.run(() => this.redis.pttl(this.blockKeyFor(subject)), 0);
    if (blockLeft > 0) {
      const retryAfter = String(Math.max(1, Math.ceil(blockLeft / 1000)));
      throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', { 'Retry-After': retryAfter });
    }
  }

  /** Counts one failure of `subject`. */
  async record(subject: string): Promise<void> {
    await this.failOpen.run(
      () =>
        this.redis.recordFailure(
          scriptKey(this.prefix, subject, 'hits'),
          this.blockKeyFor(subject),
          this.windowMs,
          this.limit(),
        ),
      0,
    );
  }

  /** Both keys of the script carry the subject as their hash tag (one slot in a cluster). */
  private blockKeyFor(subject: string): string {
    return scriptKey(this.prefix, subject, 'block');
  }
}
