import { HttpStatus, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { NamedRefView } from '../http/openapi/named-ref.view';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { LiveEvents } from './live-events';
import { SubmissionsRepository } from '../submissions/submissions.repository';

/**
 * How long "viewing" lasts without a renewal. The console renews every 20 s while a detail is open
 * (and says "left" when it closes): a tab that died without a word drops out within this.
 */
export const PRESENCE_TTL_MS = 45_000;

/**
 * Who has which submission open: per submission a sorted set in Redis, each viewer's account id
 * scored by when its presence lapses (so one key holds it, expiring as a whole when everyone left).
 * A `presence` event goes out when someone arrives or leaves, not on each renewal.
 */
@Injectable()
export class PresenceService {
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: RedisClient,
    private readonly accounts: StaffAccountsRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly events: LiveEvents,
    config: AppConfig,
  ) {
    this.prefix = `${config.redis.prefix}:viewing`;
  }

  /** `accountId` has the submission open (`viewing`) or closed it; answers who else has it open. */
  async mark(submissionId: string, accountId: string, viewing: boolean): Promise<NamedRefView[]> {
    const id = await this.existing(submissionId);
    return viewing ? this.arrive(id, accountId) : this.leave(id, accountId);
  }

  /** Who has the submission open, but `accountId`. */
  async viewers(submissionId: string, accountId: string): Promise<NamedRefView[]> {
    return this.viewersOf(await this.existing(submissionId), accountId);
  }

  private async arrive(submissionId: string, accountId: string): Promise<NamedRefView[]> {
    const key = this.keyOf(submissionId);
    const now = Date.now();
    // One key, so one slot: the transaction runs on one node of a cluster too.
    const results = await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', now)
      .zadd(key, now + PRESENCE_TTL_MS, accountId)
      .pexpire(key, PRESENCE_TTL_MS)
      .zrangebyscore(key, now, '+inf')
      .exec();
    const failed = results?.find(([error]) => error)?.[0];
    if (!results || failed) {
      throw failed ?? new Error('Presence not recorded');
    }
    if (results[1][1] === 1) {
      this.events.publish({ type: 'presence', id: submissionId });
    }
    const ids = results[3][1] as string[];
    return this.namesOf(ids, accountId);
  }

  private async leave(submissionId: string, accountId: string): Promise<NamedRefView[]> {
    const key = this.keyOf(submissionId);
    if ((await this.redis.zrem(key, accountId)) === 1) {
      this.events.publish({ type: 'presence', id: submissionId });
    }
    return this.viewersOf(submissionId, accountId);
  }

  private async viewersOf(submissionId: string, accountId: string): Promise<NamedRefView[]> {
    return this.namesOf(await this.redis.zrangebyscore(this.keyOf(submissionId), Date.now(), '+inf'), accountId);
  }

  /** Active accounts among `ids` but `accountId`, by name. */
  private async namesOf(ids: string[], accountId: string): Promise<NamedRefView[]> {
    const others = ids.filter((id) => id !== accountId);
    return (await this.accounts.findByIds(others))
      .filter((account) => account.disabledAt === null)
      .map((account) => ({ id: account.id, name: account.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The id in the one spelling keys and events use (the database's collation ignores case); 404 when not there. */
  private async existing(submissionId: string): Promise<string> {
    if (!(await this.submissions.exists(submissionId))) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    return submissionId.toLowerCase();
  }

  private keyOf(submissionId: string): string {
    return `${this.prefix}:${submissionId}`;
  }
}
