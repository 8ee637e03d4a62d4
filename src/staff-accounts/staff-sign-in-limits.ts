import { Clock } from '../clock/clock';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { sha256Hex } from '../database/sha256';
import { FailOpen } from '../rate-limits/fail-open';
import { FailureLimit } from '../rate-limits/failure-limit';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { staffEmailAttemptKey } from './staff-email';

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/**
 * The budget of password guesses: 5 failures for one e-mail address (normalised) or 20 from one IP
 * within 15 minutes, then 429 until the window passes. Every check of a password a person types (sign-in, the
 * current password of a change, a reset link) takes an attempt first, in Redis, so parallel guesses
 * cannot outrun the count, and gives it back when it succeeded. While Redis cannot count, 503 and no
 * password is checked.
 */
@Injectable()
export class StaffSignInLimits {
  private readonly perEmail: FailureLimit;
  private readonly perIp: FailureLimit;

  constructor(@InjectRedis() redis: RedisClient, config: AppConfig, failOpen: FailOpen, clock: Clock) {
    const prefix = `${config.redis.prefix}:stafffail`;
    this.perEmail = new FailureLimit(redis, `${prefix}:email`, () => 5, FIFTEEN_MINUTES_MS, failOpen, clock);
    this.perIp = new FailureLimit(redis, `${prefix}:ip`, () => 20, FIFTEEN_MINUTES_MS, failOpen, clock);
  }

  /**
   * Takes an attempt for the IP and, when given, the address. The IP first: a guesser spraying many
   * addresses from one IP spends the IP's budget.
   */
  async takeAttempt(ip: string, email?: string): Promise<void> {
    await this.perIp.takeAttempt(ip);
    if (email !== undefined) {
      await this.perEmail.takeAttempt(emailKey(email));
    }
  }

  /** Gives back the attempts of a check that succeeded. */
  async giveBack(ip: string, email?: string): Promise<void> {
    await Promise.all([
      this.perIp.giveBack(ip),
      ...(email !== undefined ? [this.perEmail.giveBack(emailKey(email))] : []),
    ]);
  }
}

/**
 * Keyed by a hash of the address in the one spelling sign-in matches accounts by (staff-email.ts), so
 * no other spelling of a locked address gets a fresh budget and no look-alike shares it; the
 * limiter's Redis keys never hold an address.
 */
function emailKey(email: string): string {
  return sha256Hex(staffEmailAttemptKey(email));
}
