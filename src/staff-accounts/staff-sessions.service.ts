import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { sha256Hex } from '../database/sha256';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

export interface StaffSession {
  accountId: string;
  /** Milliseconds since the epoch: sign-in time, for the absolute lifetime and password resets. */
  createdAt: number;
  /** Milliseconds since the epoch: the last use, for the idle lifetime (absent in sessions of 0.4). */
  usedAt?: number;
}

/**
 * Staff sessions in Redis: the cookie carries 256 random bits, Redis keeps only their SHA-256, so a
 * copy of Redis signs nobody in. A session expires STAFF_SESSION_IDLE after its last use and at most
 * STAFF_SESSION_TTL after sign-in, as Clock tells the time; the key's expiry is the sooner of the two,
 * renewed on each use, so Redis forgets a session soon after it ended.
 */
@Injectable()
export class StaffSessionsService {
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: RedisClient,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.prefix = `${config.redis.prefix}:staffsession`;
  }

  /** Starts a session and returns its id (for the cookie). */
  async start(accountId: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock.nowMs();
    const session: StaffSession = { accountId, createdAt: now, usedAt: now };
    await this.redis.set(this.keyOf(id), JSON.stringify(session), 'PX', this.expiryOf(session, now));
    return id;
  }

  /** The live session with this id, renewed; null when unknown or expired. */
  async resume(id: string): Promise<StaffSession | null> {
    const key = this.keyOf(id);
    const stored = await this.redis.get(key);
    if (!stored) {
      return null;
    }
    const session = JSON.parse(stored) as StaffSession;
    const now = this.clock.nowMs();
    const idleFor = now - (session.usedAt ?? now);
    const expiry = this.expiryOf(session, now);
    if (expiry <= 0 || idleFor >= this.config.staffAuth.sessionIdle * 1000) {
      await this.redis.del(key);
      return null;
    }
    // XX: a session ended meanwhile (sign-out, a password reset) is not written back to life.
    const renewed: StaffSession = { ...session, usedAt: now };
    await this.redis.set(key, JSON.stringify(renewed), 'PX', expiry, 'XX');
    return renewed;
  }

  async end(id: string): Promise<void> {
    await this.redis.del(this.keyOf(id));
  }

  /** Milliseconds this session may live from now: the idle time, capped by the absolute lifetime. */
  private expiryOf(session: StaffSession, now: number): number {
    const { sessionIdle, sessionTtl } = this.config.staffAuth;
    return Math.min(sessionIdle * 1000, session.createdAt + sessionTtl * 1000 - now);
  }

  private keyOf(id: string): string {
    return `${this.prefix}:${sha256Hex(id)}`;
  }
}
