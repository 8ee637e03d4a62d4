import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RedisClient, scriptKey } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

const HOUR_MS = 3_600_000;

/**
 * Both limits in one step. KEYS: the key's hourly count, the mailbox's mark. ARGV: window ms, cap, the
 * submission asking. Returns 0 (take it), 1 (this mailbox had one this hour) or 2 (the key reached its
 * cap). The count is a fixed window that starts with the key's first acknowledgement; a refused one
 * counts nothing. The mark holds the submission that took it, so the same submission asking again (its
 * job ran again after a fault between the take and the mark `sent`) is answered 0 and counts nothing.
 * A mark `1` is the previous release's, which took the limits before it stored the row (issue 54,
 * rolling upgrade): the first to ask is taken (most likely that row) and the mark becomes its own, so
 * such a mailbox gets at most one more acknowledgement that hour instead of its row being refused.
 */
const TAKE_SCRIPT = `
local mark = redis.call('GET', KEYS[2])
if mark == ARGV[3] then
  return 0
end
if mark == '1' then
  local left = redis.call('PTTL', KEYS[2])
  if left > 0 then
    redis.call('SET', KEYS[2], ARGV[3], 'PX', left)
  end
  return 0
end
local sent = tonumber(redis.call('GET', KEYS[1]) or '0')
if sent >= tonumber(ARGV[2]) then
  return 2
end
if not redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[1], 'NX') then
  return 1
end
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return 0
`;

type RedisWithAckTake = RedisClient & {
  ackTake(countKey: string, mailboxKey: string, windowMs: number, cap: number, submissionId: string): Promise<number>;
};

/** Why an acknowledgement was not taken. */
export type AckRefusal = 'mailbox' | 'key_cap' | 'unavailable';

const REFUSALS: Record<number, AckRefusal> = { 1: 'mailbox', 2: 'key_cap' };

/**
 * At most one acknowledgement per mailbox and key an hour, and at most ACK_MAX_PER_KEY_HOUR per key
 * an hour, counted in Redis across processes (one script, so concurrent workers cannot both take the
 * last one). The mailbox is its keyed hash (of canonicalMailbox's spelling), never the address. Fails
 * closed: while Redis is away no acknowledgement is sent, rather than an unlimited number.
 */
@Injectable()
export class AckThrottle {
  private readonly redis: RedisWithAckTake;
  private readonly prefix: string;
  private readonly cap: number;

  constructor(@InjectRedis() redis: RedisClient, config: AppConfig) {
    redis.defineCommand('ackTake', { numberOfKeys: 2, lua: TAKE_SCRIPT });
    this.redis = redis as RedisWithAckTake;
    this.prefix = `${config.redis.prefix}:ack`;
    this.cap = config.conversations.ackMaxPerKeyHour;
  }

  /** Null: taken (send it); else why not. The same submission asking again within the hour is taken again. */
  async take(apiKeyId: string, mailboxHash: string, submissionId: string): Promise<AckRefusal | null> {
    try {
      // One hash tag per key: both keys in one slot of a cluster.
      const answer = await this.redis.ackTake(
        scriptKey(this.prefix, apiKeyId, 'count'),
        scriptKey(this.prefix, apiKeyId, `to:${mailboxHash}`),
        HOUR_MS,
        this.cap,
        submissionId,
      );
      return REFUSALS[answer] ?? null;
    } catch {
      return 'unavailable';
    }
  }
}
