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

/**
 * Takes one attempt before it is made. KEYS: hits, block. ARGV: window ms, limit. Answers the
 * attempt's number (1..limit: go ahead) or minus the milliseconds the subject stays refused. The
 * attempt past the limit sets the block key for the rest of the window. One script, so however many
 * attempts arrive at once, at most `limit` of them get a number.
 */
const TAKE_ATTEMPT_SCRIPT = `
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then
  return -blockLeft
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  local left = redis.call('PTTL', KEYS[1])
  if left <= 0 then
    left = tonumber(ARGV[1])
  end
  redis.call('SET', KEYS[2], '1', 'PX', left)
  return -left
end
return hits
`;

/** Gives back an attempt that succeeded. KEYS: hits. Never below zero, never extends the window. */
const GIVE_BACK_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then
  redis.call('DECR', KEYS[1])
end
return hits
`;

type RedisWithFailureCount = RedisClient & {
  recordFailure(hitsKey: string, blockKey: string, windowMs: number, limit: number): Promise<number>;
  takeAttempt(hitsKey: string, blockKey: string, windowMs: number, limit: number): Promise<number>;
  giveBackAttempt(hitsKey: string): Promise<number>;
};

const tooManyRequests = (blockLeftMs: number) =>
  new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', {
    'Retry-After': String(Math.max(1, Math.ceil(blockLeftMs / 1000))),
  });

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
      redis.defineCommand('takeAttempt', { numberOfKeys: 2, lua: TAKE_ATTEMPT_SCRIPT });
      redis.defineCommand('giveBackAttempt', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT });
    }
    this.redis = redis as RedisWithFailureCount;
  }

  /** Throws 429 with Retry-After when `subject` has used up its failures. */
  async assertAllowed(subject: string): Promise<void> {
    const blockLeft = await this.failOpen.run(() => this.redis.pttl(this.blockKeyFor(subject)), 0);
    if (blockLeft > 0) {
      throw tooManyRequests(blockLeft);
    }
  }

  /**
   * Counts an attempt before it is made (a password check, say): 429 once `subject` has used up its
   * attempts in the window, however many arrive at the same moment. Fails closed: while Redis cannot
   * count, 503 with Retry-After and nothing is attempted. Give the attempt back when it succeeded, so
   * only failures use up the budget.
   */
  async takeAttempt(subject: string): Promise<void> {
    let answer: number;
    try {
      answer = await this.redis.takeAttempt(
        scriptKey(this.prefix, subject, 'hits'),
        this.blockKeyFor(subject),
        this.windowMs,
        this.limit(),
      );
    } catch {
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'Service unavailable', { 'Retry-After': '5' });
    }
    if (answer <= 0) {
      throw tooManyRequests(-answer);
    }
  }

  /** Gives back an attempt taken with takeAttempt that succeeded (best effort: it only frees budget). */
  async giveBack(subject: string): Promise<void> {
    await this.failOpen.run(() => this.redis.giveBackAttempt(scriptKey(this.prefix, subject, 'hits')), 0);
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
