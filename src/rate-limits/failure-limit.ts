import { RedisClient, scriptKey } from '../redis/redis-connection';
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../http/api-exception';
import { Clock } from '../clock/clock';
import { FailOpen } from './fail-open';

/*
 * The times are the Clock's (ARGV now), kept in the keys, so a window and a block end when the clock
 * says (a test moves past them); the keys' expiry only lets Redis forget them afterwards.
 * KEYS: window (a hash: end, hits), block (its end). ARGV: window ms, limit, now ms.
 */

/** The window's hits after counting one (a new window when the last has ended), and its end. */
const COUNT_IN_WINDOW = `
local now = tonumber(ARGV[3])
local windowEnd = tonumber(redis.call('HGET', KEYS[1], 'end') or '0')
local hits = 1
if windowEnd <= now then
  windowEnd = now + tonumber(ARGV[1])
  redis.call('HSET', KEYS[1], 'end', windowEnd, 'hits', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
else
  hits = redis.call('HINCRBY', KEYS[1], 'hits', 1)
end
`;

/**
 * Counts a failure. The failure that reaches the limit blocks the subject for the rest of the window,
 * so the check before every attempt is one GET.
 */
const RECORD_FAILURE_SCRIPT = `${COUNT_IN_WINDOW}
if hits >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], windowEnd, 'PX', windowEnd - now)
end
return hits
`;

/**
 * Takes one attempt before it is made. Answers the attempt's number (1..limit: go ahead) or minus the
 * milliseconds the subject stays refused. The attempt past the limit blocks the subject for the rest of
 * the window. One script, so however many attempts arrive at once, at most `limit` of them get a number.
 */
const TAKE_ATTEMPT_SCRIPT = `
local blockLeft = tonumber(redis.call('GET', KEYS[2]) or '0') - tonumber(ARGV[3])
if blockLeft > 0 then
  return -blockLeft
end
${COUNT_IN_WINDOW}
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], windowEnd, 'PX', windowEnd - now)
  return -(windowEnd - now)
end
return hits
`;

/** Gives back an attempt that succeeded. KEYS: window. ARGV: now. Never below zero, never extends the window. */
const GIVE_BACK_SCRIPT = `
local windowEnd = tonumber(redis.call('HGET', KEYS[1], 'end') or '0')
local hits = tonumber(redis.call('HGET', KEYS[1], 'hits') or '0')
if windowEnd > tonumber(ARGV[1]) and hits > 0 then
  redis.call('HINCRBY', KEYS[1], 'hits', -1)
end
return hits
`;

type RedisWithFailureCount = RedisClient & {
  recordFailure(windowKey: string, blockKey: string, windowMs: number, limit: number, nowMs: number): Promise<number>;
  takeAttempt(windowKey: string, blockKey: string, windowMs: number, limit: number, nowMs: number): Promise<number>;
  giveBackAttempt(windowKey: string, nowMs: number): Promise<number>;
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
    private readonly clock: Clock,
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
    const blockedUntil = await this.failOpen.run(() => this.redis.get(this.blockKeyFor(subject)), null);
    const blockLeft = Number(blockedUntil ?? 0) - this.clock.nowMs();
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
        this.windowKeyFor(subject),
        this.blockKeyFor(subject),
        this.windowMs,
        this.limit(),
        this.clock.nowMs(),
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
    await this.failOpen.run(() => this.redis.giveBackAttempt(this.windowKeyFor(subject), this.clock.nowMs()), 0);
  }

  /** Counts one failure of `subject`. */
  async record(subject: string): Promise<void> {
    await this.failOpen.run(
      () =>
        this.redis.recordFailure(
          this.windowKeyFor(subject),
          this.blockKeyFor(subject),
          this.windowMs,
          this.limit(),
          this.clock.nowMs(),
        ),
      0,
    );
  }

  /**
   * Both keys of the scripts carry the subject as their hash tag (one slot in a cluster). Named apart
   * from the counters of 0.4 (a plain count and a flag that Redis's expiry ended), left to expire.
   */
  private windowKeyFor(subject: string): string {
    return scriptKey(this.prefix, subject, 'window');
  }

  private blockKeyFor(subject: string): string {
    return scriptKey(this.prefix, subject, 'blocked-until');
  }
}
