import { HttpStatus, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { staffActor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { hashPassword, verifyPassword } from './passwords';
import { SecondFactorGate, SecondFactorMethod } from './second-factor-gate';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { normalizeStaffEmail } from './staff-email';
import { StaffLoginChallenges } from './staff-login-challenges';
import { StaffSessionsService } from './staff-sessions.service';
import { StaffSignInLimits } from './staff-sign-in-limits';

const invalidCredentials = () => new ApiException(HttpStatus.UNAUTHORIZED, 'Invalid e-mail or password');

export const PASSWORD_SIGN_IN_OFF = 'Password sign-in is off here: sign in with single sign-on (GET /staff/sso/start)';
export const SIGN_IN_EXPIRED = 'This sign-in has expired or was completed: sign in again with your password';
export const INVALID_CODE = 'Invalid code';

/** The password step's outcome: a session, or (for an account with a second factor) a challenge to complete. */
export type SignInOutcome =
  | { account: StaffAccountEntity; sessionId: string }
  | { account: StaffAccountEntity; challenge: { id: string; methods: SecondFactorMethod[] } };

/**
 * Staff sign-in and sign-out. Unknown e-mail, wrong password and disabled account take the same path: the password
 * is always checked against a hash (a dummy one when there is no account), and all three answer the
 * same 401. Attempts are limited per e-mail (5) and per IP (20) in 15 minutes, counted in Redis before
 * the password is checked (so parallel guesses cannot outrun the count) and given back on success; while
 * Redis cannot count them, sign-in answers 503 without checking any password. Who a session stands
 * for once it is started is StaffAuthService's.
 */
@Injectable()
export class StaffSignIn {
  /** A hash of nothing anyone knows, so an unknown e-mail costs what a wrong password costs. */
  private readonly dummyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(
    private readonly config: AppConfig,
    private readonly accounts: StaffAccountsRepository,
    private readonly sessions: StaffSessionsService,
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

  async signOut(sessionId: string, account: StaffAccountEntity, ip: string): Promise<void> {
    await this.sessions.end(sessionId);
    await this.audit.record(staffActor(account.id, ip), {
      action: 'staff.logout',
      target: { type: 'staff', id: account.id },
    });
  }

  /** `method`: how it signed in, `password`, `sso`, or either with the second factor (`password+totp`, `sso+mfa`). */
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
}
