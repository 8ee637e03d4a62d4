import { Clock } from '../clock/clock';
import { HttpStatus, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import { staffActor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { hashPassword, verifyPassword } from './passwords';
import { SecondFactorGate, SecondFactorMethod } from './second-factor-gate';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { StaffCredential } from './staff-cookie';
import { normalizeStaffEmail } from './staff-email';
import { StaffLoginChallenges } from './staff-login-challenges';
import { StaffSessionsService } from './staff-sessions.service';
import { StaffSignInLimits } from './staff-sign-in-limits';
import { StaffTokensService } from './staff-tokens.service';

/** How long a signed-in account's row may be cached: disabling or a password reset bites within it. */
const ACCOUNT_CACHE_MS = 2_000;

const invalidCredentials = () => new ApiException(HttpStatus.UNAUTHORIZED, 'Invalid e-mail or password');

export const PASSWORD_SIGN_IN_OFF = 'Password sign-in is off here: sign in with single sign-on (GET /staff/sso/start)';
export const SIGN_IN_EXPIRED = 'This sign-in has expired or was completed: sign in again with your password';
export const INVALID_CODE = 'Invalid code';

/** The password step's outcome: a session, or (for an account with a second factor) a challenge to complete. */
export type SignInOutcome =
  | { account: StaffAccountEntity; sessionId: string }
  | { account: StaffAccountEntity; challenge: { id: string; methods: SecondFactorMethod[] } };

/**
 * Staff sign-in. Unknown e-mail, wrong password and disabled account take the same path: the password
 * is always checked against a hash (a dummy one when there is no account), and all three answer the
 * same 401. Attempts are limited per e-mail (5) and per IP (20) in 15 minutes, counted in Redis before
 * the password is checked (so parallel guesses cannot outrun the count) and given back on success; while
 * Redis cannot count them, sign-in answers 503 without checking any password.
 */
@Injectable()
export class StaffAuthService {
  /** A hash of nothing anyone knows, so an unknown e-mail costs what a wrong password costs. */
  private readonly dummyHash = hashPassword(randomBytes(16).toString('hex'));
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
    private readonly limits: StaffSignInLimits,
    private readonly clock: Clock,
    private readonly secondFactors: SecondFactorGate,
    private readonly challenges: StaffLoginChallenges,
  ) {}

  /**
   * Checks the credentials. An account without a second factor gets a session; one with a second
   * factor gets no session, only a challenge (its cookie) that completeSecondFactor turns into one.
   */
  async signIn(email: string, password: string, ip: string, userAgent?: string): Promise<SignInOutcome> {
    if (!this.config.staffAuth.passwordSignIn) {
      throw new ApiException(HttpStatus.FORBIDDEN, PASSWORD_SIGN_IN_OFF);
    }
    // Matched exactly in its one spelling (staff-email.ts): a look-alike of an address is another
    // address, with its own budget. One that cannot be a staff address matches no account.
    const address = normalizeStaffEmail(email);
    await this.limits.takeAttempt(ip, email);
    const account = address === null ? null : await this.accounts.findByEmail(address);
    const matches = await verifyPassword(account?.passwordHash ?? (await this.dummyHash), password);
    if (!account || !matches || account.disabledAt) {
      // The audit keeps why (never the password, nor an address that matches no account).
      const reason = !account ? 'unknown e-mail' : !matches ? 'wrong password' : 'account disabled';
      await this.audit.record(
        { type: 'staff', id: null, ip },
        {
          action: 'staff.login_failed',
          target: account ? { type: 'staff', id: account.id } : undefined,
          after: { reason },
        },
      );
      throw invalidCredentials();
    }
    await this.limits.giveBack(ip, email);
    return this.signInVerified(account, ip, userAgent, 'password', false);
  }

  /**
   * An account whose first factor was proved (its password here, or single sign-on's verified
   * address): a session, or a challenge for its second factor unless `twoFactors` (the provider
   * vouched for a second factor itself, and OIDC_TRUST_MFA says to believe it). `auditDetail` goes
   * into the sign-in's audit event, after the second factor when one is asked.
   */
  async signInVerified(
    account: StaffAccountEntity,
    ip: string,
    userAgent: string | undefined,
    firstFactor: string,
    twoFactors: boolean,
    auditDetail?: Record<string, string>,
  ): Promise<SignInOutcome> {
    const methods = twoFactors ? [] : await this.secondFactors.methodsOf(account.id);
    if (methods.length > 0) {
      const challenge = await this.challenges.start(account.id, firstFactor, auditDetail);
      return { account, challenge: { id: challenge, methods } };
    }
    // A passkey with user verification is two factors by itself; another first factor vouched for by
    // its provider reads `sso+mfa`.
    const method = twoFactors && firstFactor !== 'passkey' ? `${firstFactor}+mfa` : firstFactor;
    return this.startSession(account, ip, userAgent, method, auditDetail);
  }

  /**
   * The second step of a sign-in: `check` (staff-identity's) answers which second factor the person
   * proved, or null. A wrong code takes an attempt like a wrong password (the same lockout, per
   * address and IP); the challenge is spent once it succeeded, so a code completes one sign-in.
   */
  async completeSecondFactor(
    challengeId: string | undefined,
    ip: string,
    check: (account: StaffAccountEntity) => Promise<SecondFactorMethod | null>,
    userAgent?: string,
  ): Promise<{ account: StaffAccountEntity; sessionId: string }> {
    const challenge = challengeId ? await this.challenges.find(challengeId) : null;
    const account = challenge ? await this.accounts.findById(challenge.accountId) : null;
    if (!challengeId || !account || account.disabledAt) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, SIGN_IN_EXPIRED);
    }
    await this.limits.takeAttempt(ip, account.email);
    const method = await check(account);
    if (!method) {
      await this.audit.record(
        { type: 'staff', id: null, ip },
        { action: 'staff.login_failed', target: { type: 'staff', id: account.id }, after: { reason: 'wrong code' } },
      );
      throw new ApiException(HttpStatus.UNAUTHORIZED, INVALID_CODE);
    }
    if (!(await this.challenges.end(challengeId))) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, SIGN_IN_EXPIRED);
    }
    await this.limits.giveBack(ip, account.email);
    return this.startSession(account, ip, userAgent, `${challenge!.firstFactor}+${method}`, challenge!.auditDetail);
  }

  /** The account a half-done sign-in's cookie names (its second step is under way), or null. */
  async accountOfChallenge(challengeId: string | undefined): Promise<string | null> {
    return challengeId ? ((await this.challenges.find(challengeId))?.accountId ?? null) : null;
  }

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

  /** `method`: how it signed in, `password`, `sso`, or either with the second factor (`password+totp`, `sso+mfa`). */
  private async startSession(
    account: StaffAccountEntity,
    ip: string,
    userAgent: string | undefined,
    method: string,
    auditDetail?: Record<string, string>,
  ): Promise<{ account: StaffAccountEntity; sessionId: string }> {
    const lastLoginAt = this.clock.now();
    await this.accounts.update(account.id, { lastLoginAt });
    const sessionId = await this.sessions.start(account.id, { method, ip, userAgent: userAgent?.slice(0, 300) });
    const [first, second] = method.split('+');
    await this.audit.record(staffActor(account.id, ip), {
      action: 'staff.login',
      target: { type: 'staff', id: account.id },
      ...(first !== 'password' || second || auditDetail
        ? { after: { method: first, ...(second ? { second_factor: second } : {}), ...auditDetail } }
        : {}),
    });
    return { account: { ...account, lastLoginAt }, sessionId };
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

  async signOut(sessionId: string, account: StaffAccountEntity, ip: string): Promise<void> {
    await this.sessions.end(sessionId);
    await this.audit.record(staffActor(account.id, ip), {
      action: 'staff.logout',
      target: { type: 'staff', id: account.id },
    });
  }
}
