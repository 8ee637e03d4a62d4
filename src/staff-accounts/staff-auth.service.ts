import { Clock } from '../clock/clock';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { staffActor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { SecondFactorGate, SecondFactorMethod } from './second-factor-gate';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { StaffCredential } from './staff-cookie';
import { StaffSessionsService } from './staff-sessions.service';
import { StaffTokensService } from './staff-tokens.service';

/** How long a signed-in account's row may be cached: disabling or a password reset bites within it. */
const ACCOUNT_CACHE_MS = 2_000;

/**
 * Who a staff credential stands for now: the account of a session or an API token (cached for
 * ACCOUNT_CACHE_MS, so disabling or a password reset bites within it in every process), its second
 * factors and whether STAFF_2FA_REQUIRED holds its session, and its own away mark. Signing in and out
 * is StaffSignIn's.
 */
@Injectable()
export class StaffAuthService {
  private readonly accountsById = new LRUCache<string, { account: StaffAccountEntity | null }>({
    max: 10_000,
    ttl: ACCOUNT_CACHE_MS,
    // The Clock's time, so a test moves past the cache instead of waiting it out.
    perf: { now: () => this.clock.nowMs() },
    fetchMethod: async (id) => ({ account: await this.accounts.findById(id) }),
  });

  private readonly factorsById = new LRUCache<string, { methods: SecondFactorMethod[] }>({
    max: 10_000,
    ttl: ACCOUNT_CACHE_MS,
    perf: { now: () => this.clock.nowMs() },
    fetchMethod: async (id) => ({ methods: await this.secondFactors.methodsOf(id) }),
  });

  constructor(
    private readonly config: AppConfig,
    private readonly accounts: StaffAccountsRepository,
    private readonly sessions: StaffSessionsService,
    private readonly tokens: StaffTokensService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly secondFactors: SecondFactorGate,
  ) {}

  /** The second factors of an account, and whether STAFF_2FA_REQUIRED asks its role for one. */
  /** `required`: this session is held until a second factor is set up (see mustSetUpSecondFactor). */
  async factorsOf(
    account: StaffAccountEntity,
    sessionId?: string,
  ): Promise<{ methods: SecondFactorMethod[]; required: boolean }> {
    return {
      methods: await this.secondFactors.methodsOf(account.id),
      required: await this.mustSetUpSecondFactor(account, sessionId),
    };
  }

  /**
   * Whether a session of this account is held at its own account routes: STAFF_2FA_REQUIRED asks its
   * role for a second factor and it has none (asked again at most every ACCOUNT_CACHE_MS: one that was
   * just set up frees the session at once, see forgetFactors).
   */
  async mustSetUpSecondFactor(account: StaffAccountEntity, sessionId?: string): Promise<boolean> {
    const required = this.config.staffAuth.secondFactorRequired;
    if (required === 'none' || (required === 'admin' && account.role !== 'admin')) {
      return false;
    }
    const { methods } = (await this.factorsById.fetch(account.id))!;
    if (methods.length > 0) {
      return false;
    }
    // A single sign-on whose provider vouched for a second factor (OIDC_TRUST_MFA) counts as two.
    const session = sessionId ? await this.sessions.peek(sessionId) : null;
    return !session?.method?.endsWith('+mfa');
  }

  /** A second factor was added or removed: the next request of the account asks again. */
  forgetFactors(accountId: string): void {
    this.factorsById.delete(accountId);
  }

  /**
   * The account of a live session, or null. A session ends once its account is disabled or its
   * password changed after sign-in (seen within ACCOUNT_CACHE_MS by every process); a token stops
   * working while its account is disabled.
   */
  async accountOfSession(sessionId: string): Promise<StaffAccountEntity | null> {
    const session = await this.sessions.resume(sessionId);
    if (!session) {
      return null;
    }
    const account = await this.activeAccount(session.accountId);
    if (!account || account.passwordChangedAt.getTime() > session.createdAt) {
      await this.sessions.end(sessionId);
      return null;
    }
    return account;
  }

  /** The account a staff token or session stands for now, or null (see the two below). */
  accountOf(credential: StaffCredential): Promise<StaffAccountEntity | null> {
    return credential.token
      ? this.accountOfToken(credential.token)
      : credential.sessionId
        ? this.accountOfSession(credential.sessionId)
        : Promise.resolve(null);
  }

  /** The active account of a staff API token, or null (unknown, revoked, or its account disabled). */
  async accountOfToken(token: string): Promise<StaffAccountEntity | null> {
    const accountId = await this.tokens.accountIdOf(token);
    return accountId ? this.activeAccount(accountId) : null;
  }

  /**
   * The account as stored now, past the cache: for a decision a stale copy would get wrong for a
   * moment (an account that just chose its own password is no longer held at the change form).
   */
  async reloaded(account: StaffAccountEntity): Promise<StaffAccountEntity | null> {
    this.accountsById.delete(account.id);
    return this.activeAccount(account.id);
  }

  /**
   * Marks the holder's own account away or back (round robin passes over an away account, rules/);
   * audited when it changes. Answers the account as stored now.
   */
  async setAway(account: StaffAccountEntity, away: boolean, ip: string): Promise<StaffAccountEntity> {
    const current = (await this.reloaded(account)) ?? account;
    if (current.away === away) {
      return current;
    }
    await this.accounts.update(account.id, { away });
    this.accountsById.delete(account.id);
    await this.audit.record(staffActor(account.id, ip), {
      action: 'staff.updated',
      target: { type: 'staff', id: account.id },
      before: { away: current.away },
      after: { away },
    });
    return { ...current, away };
  }

  private async activeAccount(id: string): Promise<StaffAccountEntity | null> {
    const { account } = (await this.accountsById.fetch(id))!;
    return account && !account.disabledAt ? account : null;
  }
}
