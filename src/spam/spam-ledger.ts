import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { RedisClient, scriptKey } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

const DAY_MS = 86_400_000;

/**
 * The intake's one Redis step. KEYS: the content's key, the sender's mark. ARGV: window ms, whether
 * there is a sender to look up, the request's Idempotency-Key hash (or '-'). Returns {seen before,
 * sender marked}. The content's key is set again each time, so a bot that keeps posting within the
 * window keeps being a duplicate; it holds the Idempotency-Key that set it, so the same request's
 * concurrent retries (which store one row between them) never count as each other's duplicate.
 */
const CHECK_SCRIPT = `
local previous = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[1])
local seen = 0
if previous and (ARGV[3] == '-' or previous ~= ARGV[3]) then
  seen = 1
elseif previous then
  seen = 2
end
local marked = 0
if ARGV[2] == '1' then
  marked = redis.call('EXISTS', KEYS[2])
end
return {seen, marked}
`;

type RedisWithSpamCheck = RedisClient & {
  spamCheck(
    contentKey: string,
    markKey: string,
    windowMs: number,
    hasSender: '0' | '1',
    idempotencyKey: string,
  ): Promise<[number, number]>;
};

export interface LedgerAnswer {
  duplicate: boolean;
  markedSender: boolean;
  /** This request recorded the content first (what to undo if it is not stored after all). */
  firstOfContent: boolean;
}

/**
 * What the spam filter remembers, in Redis under one hash tag per API key (both keys of the check sit in
 * one slot of a cluster, and nothing is shared across keys): recent content fingerprints and the senders
 * staff marked, by the address's keyed hash. The intake never waits on it for long and never fails
 * because of it: while Redis is away, the check answers "no signal" (fails open, one log line a minute).
 */
@Injectable()
export class SpamLedger {
  private readonly redis: RedisWithSpamCheck;
  private readonly prefix: string;
  private readonly log = new OccasionalLog(new Logger('SpamFilter'));

  constructor(
    @InjectRedis() redis: RedisClient,
    private readonly config: AppConfig,
  ) {
    redis.defineCommand('spamCheck', { numberOfKeys: 2, lua: CHECK_SCRIPT });
    this.redis = redis as RedisWithSpamCheck;
    this.prefix = config.redis.prefix;
  }

  async check(
    apiKeyId: string,
    fingerprint: string,
    senderHash: string | null,
    idempotencyKey: string | null,
  ): Promise<LedgerAnswer> {
    try {
      const [seen, marked] = await this.redis.spamCheck(
        this.contentKey(apiKeyId, fingerprint),
        this.markKey(apiKeyId, senderHash ?? '-'),
        this.config.spam.duplicateWindow * 1000,
        senderHash ? '1' : '0',
        idempotencyKey ?? '-',
      );
      return { duplicate: seen === 1, markedSender: marked === 1, firstOfContent: seen === 0 };
    } catch (error) {
      this.log.error(`Spam checks in Redis skipped, Redis unavailable: ${(error as Error).message}`);
      return { duplicate: false, markedSender: false, firstOfContent: false };
    }
  }

  /** Forgets content this request recorded when the submission was not stored (so its retry is not a duplicate). */
  async forgetContent(apiKeyId: string, fingerprint: string): Promise<void> {
    await this.redis.del(this.contentKey(apiKeyId, fingerprint)).catch(() => undefined);
  }

  /** Marks a sender as a spammer for this key, for SPAM_MARK_DAYS. */
  async markSender(apiKeyId: string, senderHash: string): Promise<void> {
    await this.redis.set(this.markKey(apiKeyId, senderHash), '1', 'PX', this.config.spam.markDays * DAY_MS);
  }

  async clearSender(apiKeyId: string, senderHash: string): Promise<void> {
    await this.redis.del(this.markKey(apiKeyId, senderHash));
  }

  async isMarked(apiKeyId: string, senderHash: string): Promise<boolean> {
    return (await this.redis.exists(this.markKey(apiKeyId, senderHash))) === 1;
  }

  private contentKey(apiKeyId: string, fingerprint: string): string {
    return scriptKey(this.prefix, `spam:${apiKeyId}`, `content:${fingerprint}`);
  }

  private markKey(apiKeyId: string, senderHash: string): string {
    return scriptKey(this.prefix, `spam:${apiKeyId}`, `sender:${senderHash}`);
  }
}
