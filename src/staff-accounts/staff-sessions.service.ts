import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { sha256Hex } from '../database/sha256';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

/** How a session was signed in, and from where (shown to its owner and admins). */
export interface StaffSessionOrigin {
  /** `password`, or the password and the second factor that completed it (`password+totp`, ...). */
  method?: string;
  ip?: string;
  userAgent?: string;
}

/** A session as its account's list shows it: its listed id and the hash of its cookie's value. */
export type ListedStaffSession = StaffSession & { id: string; hash: string };

export interface StaffSession extends StaffSessionOrigin {
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

  /** Starts a session and returns its id (for the cookie); the account's list of sessions names it by its hash. */
  async start(accountId: string, origin: StaffSessionOrigin = {}): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock.nowMs();
    const session: StaffSession = { accountId, createdAt: now, usedAt: now, ...origin };
    await this.redis.set(this.keyOf(id), JSON.stringify(session), 'PX', this.expiryOf(session, now));
    const index = this.indexOf(accountId);
    await this.redis.hset(index, randomUUID(), sha256Hex(id));
    await this.redis.pexpire(index, this.config.staffAuth.sessionTtl * 1000);
    return id;
  }

  /** The session a cookie names, as it is stored (no renewal): for carrying its origin over to a new one. */
  async peek(id: string): Promise<StaffSession | null> {
    const stored = await this.redis.get(this.keyOf(id));
    return stored ? (JSON.parse(stored) as StaffSession) : null;
  }

  /**
   * The live sessions of an account, most recently used first, each under an id of its own (a UUID:
   * the cookie's value is never shown, and nothing shown leads to it) with the hash its key is made
   * of. Sessions that ended are dropped from the account's list as they are found.
   */
  async list(accountId: string): Promise<ListedStaffSession[]> {
    const index = this.indexOf(accountId);
    const entries = Object.entries(await this.redis.hgetall(index));
    const now = this.clock.nowMs();
    const found = await Promise.all(entries.map(([, hash]) => this.redis.get(`${this.prefix}:${hash}`)));
    const live: ListedStaffSession[] = [];
    const gone: string[] = [];
    found.forEach((stored, at) => {
      const [id, hash] = entries[at];
      const session = stored ? (JSON.parse(stored) as StaffSession) : null;
      if (session && this.isLive(session, now)) {
        live.push({ ...session, id, hash });
      } else {
        gone.push(id);
      }
    });
    if (gone.length > 0) {
      await this.redis.hdel(index, ...gone);
    }
    return live.sort((a, b) => (b.usedAt ?? b.createdAt) - (a.usedAt ?? a.createdAt));
  }

  /** Ends the account's session listed as `id`; false when it has none such. It stops working at once, in every process. */
  async endListed(accountId: string, id: string): Promise<boolean> {
    const index = this.indexOf(accountId);
    const hash = await this.redis.hget(index, id);
    if (!hash) {
      return false;
    }
    await this.redis.hdel(index, id);
    return (await this.redis.del(`${this.prefix}:${hash}`)) === 1;
  }

  /** Whether a listed session is the one this cookie names. */
  isSession(listed: ListedStaffSession, sessionId: string | undefined): boolean {
    return sessionId !== undefined && listed.hash === sha256Hex(sessionId);
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
    const expiry = this.expiryOf(session, now);
    if (!this.isLive(session, now)) {
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

  /** Not past its absolute lifetime nor idle too long, as the Clock tells the time. */
  private isLive(session: StaffSession, now: number): boolean {
    const idleFor = now - (session.usedAt ?? now);
    return this.expiryOf(session, now) > 0 && idleFor < this.config.staffAuth.sessionIdle * 1000;
  }

  /** The hash of an account's sessions, listed id -> cookie hash (an entry may have ended since: list() sweeps them). */
  private indexOf(accountId: string): string {
    return `${this.prefix}s:${accountId}`;
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
