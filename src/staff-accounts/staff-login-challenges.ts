import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { sha256Hex } from '../database/sha256';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

/** How long the password step holds for the second: long enough to open an authenticator app. */
export const LOGIN_CHALLENGE_SECONDS = 300;

/** A half-done sign-in: whose, and what it proved first. */
export interface LoginChallenge {
  accountId: string;
  firstFactor: string;
  /** What the first step adds to the sign-in's audit event (single sign-on: the address the provider sent). */
  auditDetail?: Record<string, string>;
}

/**
 * The half-done sign-in of an account with a second factor: the password was right, and the
 * `__Host-ci_login` cookie carries 256 random bits that stand for nothing but completing this sign-in
 * within LOGIN_CHALLENGE_SECONDS. Redis keeps their SHA-256 and the account; it is no session.
 */
@Injectable()
export class StaffLoginChallenges {
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: RedisClient,
    config: AppConfig,
  ) {
    this.prefix = `${config.redis.prefix}:stafflogin`;
  }

  /** `firstFactor`: what the person proved already (`password`, `sso`). */
  async start(accountId: string, firstFactor: string, auditDetail?: Record<string, string>): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const challenge: LoginChallenge = { accountId, firstFactor, ...(auditDetail ? { auditDetail } : {}) };
    await this.redis.set(this.keyOf(id), JSON.stringify(challenge), 'EX', LOGIN_CHALLENGE_SECONDS);
    return id;
  }

  /** The sign-in this is, or null (unknown, expired or completed). */
  async find(id: string): Promise<LoginChallenge | null> {
    const stored = await this.redis.get(this.keyOf(id));
    return stored ? (JSON.parse(stored) as LoginChallenge) : null;
  }

  /** Completed: the cookie is spent (GETDEL: of two completions at once, one wins). */
  async end(id: string): Promise<boolean> {
    return (await this.redis.getdel(this.keyOf(id))) !== null;
  }

  private keyOf(id: string): string {
    return `${this.prefix}:${sha256Hex(id)}`;
  }
}
