import { Clock } from '../clock/clock';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { Actor, staffActor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { sha256Hex } from '../database/sha256';
import { ApiException } from '../http/api-exception';
import { SmtpMailer } from '../mail/smtp-mailer';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { verifyPassword } from './passwords';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffPasswordResetsRepository } from './staff-password-resets.repository';
import { StaffSessionsService } from './staff-sessions.service';
import { StaffSignInLimits } from './staff-sign-in-limits';

/** How long a reset link works. */
const RESET_LINK_TTL_MS = 60 * 60_000;

export const WRONG_CURRENT_PASSWORD = 'the current password is wrong';
export const SAME_PASSWORD = 'the new password must differ from the current one';
export const OWN_RESET = 'you cannot reset your own password here: change it with POST /staff/api/me/password';
export const DISABLED_ACCOUNT = 'the staff account is disabled: enable it first';
export const RESET_MAIL_FAILED = 'the reset e-mail could not be sent; nothing was changed (try again later)';
export const INVALID_RESET_LINK = 'this reset link is not valid: it was used, replaced or has expired';

const refuse = (status: HttpStatus, message: string) => new ApiException(status, message);

/** What an admin's reset gave: a one-time password to hand over, or the address a link went to. */
export type AdminReset = { temporaryPassword: string } | { sentTo: string };

/**
 * Passwords over HTTP: a person changing their own, an admin resetting another's (a one-time password,
 * or a link by e-mail when SMTP_URL is set), and a reset link used. Each stores the password through
 * StaffAccountsService.setPassword, the path the CLI's `staff reset-password` takes. A password a
 * person types is checked only after taking an attempt of the sign-in budget (StaffSignInLimits), so
 * these routes guess no faster than sign-in. Neither a password nor a link's token is logged, audited
 * or put on a queue.
 */
@Injectable()
export class StaffPasswordsService {
  private readonly logger = new Logger(StaffPasswordsService.name);

  constructor(
    private readonly accounts: StaffAccountsService,
    private readonly resets: StaffPasswordResetsRepository,
    private readonly sessions: StaffSessionsService,
    private readonly limits: StaffSignInLimits,
    private readonly mailer: SmtpMailer,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Changes the signed-in account's own password, proven by the current one. Every other session of
   * the account ends; the caller's session (`sessionId`, absent for a `st_` token) is replaced by a
   * new one, whose id is returned for the cookie. Its `st_` tokens stay: the person proved the
   * password, nothing says it leaked, and automation should not break on a routine change (an admin's
   * reset, for a suspected leak, revokes them).
   */
  async changeOwn(
    signedIn: StaffAccountEntity,
    current: string,
    next: string,
    request: { ip: string; sessionId?: string },
  ): Promise<string | undefined> {
    // Shape first: a refused new password spends no attempt.
    this.accounts.passwordFrom(next);
    if (next === current) {
      throw refuse(HttpStatus.BAD_REQUEST, SAME_PASSWORD);
    }
    const actor = staffActor(signedIn.id, request.ip);
    await this.limits.takeAttempt(request.ip, signedIn.email);
    // The stored hash, not the signed-in copy (cached for seconds).
    const account = await this.accounts.get(signedIn.id);
    if (!(await verifyPassword(account.passwordHash, current))) {
      await this.audit.record(actor, {
        action: 'staff.password_change_failed',
        target: { type: 'staff', id: account.id },
        after: { reason: 'wrong current password' },
      });
      throw refuse(HttpStatus.BAD_REQUEST, WRONG_CURRENT_PASSWORD);
    }
    await this.limits.giveBack(request.ip, signedIn.email);
    await this.accounts.setPassword(account.id, next, actor, {
      action: 'staff.password_changed',
      revokeTokens: false,
      ...(account.mustChangePassword ? { detail: { replaced: 'one-time password' } } : {}),
    });
    if (!request.sessionId) {
      return undefined;
    }
    // The new session goes on where the old one was: same sign-in method, address and browser.
    const previous = await this.sessions.peek(request.sessionId);
    await this.sessions.end(request.sessionId);
    return this.sessions.start(account.id, {
      method: previous?.method,
      ip: previous?.ip,
      userAgent: previous?.userAgent,
    });
  }

  /**
   * An admin resets another account's password: its sessions end and its `st_` tokens are revoked at
   * once (the old password may be known to someone else). Without SMTP_URL the answer is a one-time
   * password the account must replace when it signs in; with SMTP_URL a link is mailed to the
   * account's address and the password is replaced by one nobody knows until the link is used.
   *
   * The mail is sent here, from the request, not through the `mail` queue: a job carries ids only, and
   * the token must not be stored in a form that can be read back (only its hash is). Sending first and
   * changing the password only once the SMTP server took the mail also means a failure (502) leaves
   * everything as it was, and the admin knows at once.
   */
  async adminReset(id: string, actor: Actor): Promise<AdminReset> {
    if (actor.id === id) {
      throw refuse(HttpStatus.BAD_REQUEST, OWN_RESET);
    }
    const account = await this.accounts.get(id);
    if (account.disabledAt) {
      throw refuse(HttpStatus.CONFLICT, DISABLED_ACCOUNT);
    }
    if (!this.mailer.isConfigured) {
      const { password } = await this.accounts.setPassword(id, undefined, actor, {
        action: 'staff.password_reset',
        revokeTokens: true,
        mustChange: true,
        detail: { via: 'one-time password' },
      });
      return { temporaryPassword: password };
    }
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const reset = {
      id: uuidv7(),
      staffAccountId: id,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    };
    await this.resets.insert(reset);
    try {
      await this.sendResetMail(account, reset.id, token);
    } catch (error) {
      await this.resets.deleteById(reset.id);
      // The SMTP code only: a server's text may quote the address.
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      this.logger.warn(`Reset e-mail for staff account ${id} not sent (${responseCode ?? code ?? 'error'})`);
      throw refuse(HttpStatus.BAD_GATEWAY, RESET_MAIL_FAILED);
    }
    await this.accounts.setPassword(id, undefined, actor, {
      action: 'staff.password_reset',
      revokeTokens: true,
      keepLink: reset.id,
      detail: { via: 'link by e-mail' },
    });
    return { sentTo: account.email };
  }

  /**
   * Sets a password with a reset link's token: once per link, within the hour, for an account that is
   * still enabled; anything else is one 400 (which of them is nobody's business). Guesses spend the
   * IP's sign-in budget. Sessions begun before end, tokens are revoked (already at the reset; again in
   * case one was made since), and the person signs in with the new password.
   */
  async useResetLink(token: string, next: string, ip: string): Promise<void> {
    this.accounts.passwordFrom(next);
    await this.limits.takeAttempt(ip);
    const now = this.clock.now();
    const reset = await this.resets.findByHash(sha256Hex(token));
    const account = reset ? await this.accounts.get(reset.staffAccountId).catch(() => null) : null;
    if (!reset || !account || account.disabledAt || !(await this.resets.use(reset.id, now))) {
      if (reset && reset.expiresAt <= now) {
        await this.resets.deleteById(reset.id);
      }
      await this.audit.record(
        { type: 'staff', id: null, ip },
        {
          action: 'staff.password_reset_failed',
          target: account ? { type: 'staff', id: account.id } : undefined,
          after: { reason: !reset ? 'unknown link' : reset.expiresAt <= now ? 'expired link' : 'link not usable' },
        },
      );
      throw refuse(HttpStatus.BAD_REQUEST, INVALID_RESET_LINK);
    }
    await this.limits.giveBack(ip);
    await this.accounts.setPassword(account.id, next, staffActor(account.id, ip), {
      action: 'staff.password_changed',
      revokeTokens: true,
      detail: { via: 'reset link' },
    });
  }

  private async sendResetMail(account: StaffAccountEntity, resetId: string, token: string): Promise<void> {
    const origin = this.config.staffAuth.publicOrigin ?? `http://localhost:${this.config.http.port}`;
    // The token rides in the fragment: browsers send it to no server, so no access log or Referer has it.
    const link = `${origin}${this.config.http.basePath}/staff/#/reset?token=${token}`;
    const domain = this.config.mail.replyFrom.split('@').pop()!.toLowerCase();
    await this.mailer.send({
      from: { address: this.config.mail.replyFrom },
      to: account.email,
      subject: 'Choose a new password for the staff console',
      text:
        `Hello ${account.name},\n\nan administrator reset your password for the staff console. Choose a new ` +
        `one here within the hour (the link works once):\n\n${link}\n\nYour previous password no longer works.\n`,
      messageId: `password-reset.${resetId}@${domain}`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  }
}
