import { HttpStatus, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { sha256Hex } from '../database/sha256';
import { Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { SecondFactorMethod } from '../staff-accounts/second-factor-gate';
import { StaffPasskeysRepository } from './staff-passkeys.repository';
import { SecondFactorNotices } from './second-factor-notices';
import { StaffTotpRepository } from './staff-totp.repository';

/** How many recovery codes an account gets, each good once. */
export const RECOVERY_CODES = 10;
/** The issuer an authenticator app shows beside the account. */
const ISSUER = 'contact-intake';
/** A code of the step before or after the server's is accepted too (a phone's clock a little off). */
const TOLERANCE_SECONDS = 30;

export const ALREADY_ON = 'An authenticator app is already set up: turn it off first';
export const NOTHING_PENDING = 'No authenticator app is being set up: POST /staff/api/me/totp first';
export const NOT_ON = 'No authenticator app is set up';
export const WRONG_CODE = 'Invalid code';

/** A recovery code as shown: 10 characters of an alphabet without look-alikes, in two halves. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as typed (any case, with or without its dash or spaces), as stored: its SHA-256. */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.toLowerCase().replace(/[\s-]/g, ''));
}

/**
 * Authenticator apps (TOTP, RFC 6238: 6 digits, 30 s, SHA-1, through otplib): set up (a secret and
 * its otpauth URL, pending until a first code confirms it), then confirmed with ten recovery codes
 * shown once, and turned off with a code. Every code is accepted once: the step of the last accepted
 * code is kept, and a code of that step or before is refused (one atomic UPDATE decides, whichever
 * process asks). The time is the Clock's, so tests move it.
 */
@Injectable()
export class TotpService {
  constructor(
    private readonly apps: StaffTotpRepository,
    private readonly passkeys: StaffPasskeysRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly notices: SecondFactorNotices,
    private readonly clock: Clock,
  ) {}

  /** The second factors this room gives an account (sign-in's verdict). */
  async methodsOf(accountId: string): Promise<SecondFactorMethod[]> {
    return (await this.apps.isConfirmed(accountId)) ? ['totp', 'recovery_code'] : [];
  }

  /** Begins setting up an app: a new secret (replacing one never confirmed) and its otpauth URL. */
  async start(account: StaffAccountEntity): Promise<{ secret: string; otpauth_url: string }> {
    const existing = await this.apps.find(account.id);
    if (existing?.confirmedAt) {
      throw new ApiException(HttpStatus.CONFLICT, ALREADY_ON);
    }
    // 20 bytes (160 bits), RFC 4226's recommendation, as every app reads it.
    const secret = generateSecret({ length: 20 });
    await this.apps.savePending({
      id: account.id,
      secret,
      encKeyId: null,
      confirmedAt: null,
      lastStep: null,
      createdAt: this.clock.now(),
    });
    return { secret, otpauth_url: generateURI({ issuer: ISSUER, label: account.email, secret }) };
  }

  /** Confirms the app being set up with its first code: the recovery codes, shown this once. */
  async confirm(account: StaffAccountEntity, code: string, actor: Actor): Promise<{ recovery_codes: string[] }> {
    const pending = await this.apps.find(account.id);
    if (!pending || pending.confirmedAt) {
      throw new ApiException(HttpStatus.CONFLICT, pending ? ALREADY_ON : NOTHING_PENDING);
    }
    const step = await this.stepOf(pending.secret, code, null);
    if (step === null) {
      throw new ApiException(HttpStatus.BAD_REQUEST, WRONG_CODE);
    }
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.transactions.run(async (tx) => {
      if (!(await this.apps.confirm(account.id, this.clock.now(), step, tx))) {
        throw new ApiException(HttpStatus.CONFLICT, ALREADY_ON);
      }
      await this.apps.replaceRecoveryCodes(account.id, codes.map(recoveryCodeHash), this.clock.now(), tx);
      await this.audit.record(actor, { action: 'staff.totp_enabled', target: { type: 'staff', id: account.id } }, tx);
    });
    await this.notices.tell(account, 'An authenticator app was set up for your staff account');
    return { recovery_codes: codes };
  }

  /** Turns the app off, with a code of it or a recovery code (someone who found a signed-in screen cannot). */
  async turnOff(
    account: StaffAccountEntity,
    proof: { code?: string; recovery_code?: string },
    actor: Actor,
  ): Promise<void> {
    const app = await this.apps.find(account.id);
    if (!app?.confirmedAt) {
      throw new ApiException(HttpStatus.CONFLICT, NOT_ON);
    }
    if (!(await this.check(account.id, proof))) {
      throw new ApiException(HttpStatus.BAD_REQUEST, WRONG_CODE);
    }
    await this.transactions.run(async (tx) => {
      await this.apps.remove(account.id, tx);
      await this.audit.record(actor, { action: 'staff.totp_disabled', target: { type: 'staff', id: account.id } }, tx);
    });
    await this.notices.tell(account, 'The authenticator app of your staff account was turned off');
  }

  /**
   * An operator's break-glass door (the CLI): the account's app, recovery codes and passkeys are
   * removed, so its password alone signs in until it sets one up again. True when anything went.
   */
  async reset(account: StaffAccountEntity, actor: Actor): Promise<boolean> {
    const app = await this.apps.find(account.id);
    const passkeysRemoved = (await this.passkeys.ofAccount(account.id)).length;
    if (!app && passkeysRemoved === 0) {
      return false;
    }
    await this.transactions.run(async (tx) => {
      await this.apps.remove(account.id, tx);
      await this.passkeys.removeAll(account.id, tx);
      await this.audit.record(
        actor,
        {
          action: 'staff.second_factors_reset',
          target: { type: 'staff', id: account.id },
          after: { app: app !== null, passkeys: passkeysRemoved },
        },
        tx,
      );
    });
    await this.notices.tell(account, 'The second factors of your staff account were reset by an operator');
    return true;
  }

  /**
   * Sign-in's second step: which factor `proof` proves (a code of the app, or an unused recovery
   * code), or null. A recovery code spent here is audited.
   */
  async check(accountId: string, proof: { code?: string; recovery_code?: string }): Promise<SecondFactorMethod | null> {
    const app = await this.apps.find(accountId);
    if (!app?.confirmedAt) {
      return null;
    }
    if (proof.code !== undefined) {
      const step = await this.stepOf(app.secret, proof.code, app.lastStep);
      return step !== null && (await this.apps.claimStep(accountId, step)) ? 'totp' : null;
    }
    if (proof.recovery_code !== undefined) {
      if (!(await this.apps.useRecoveryCode(accountId, recoveryCodeHash(proof.recovery_code), this.clock.now()))) {
        return null;
      }
      const left = await this.apps.unusedRecoveryCodes(accountId);
      await this.audit.record(
        { type: 'staff', id: accountId },
        { action: 'staff.recovery_code_used', target: { type: 'staff', id: accountId }, after: { left } },
      );
      return 'recovery_code';
    }
    return null;
  }

  /** The time step a 6-digit code is good for now (one step either way), after `afterStep`; null: not good. */
  private async stepOf(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) {
      return null;
    }
    const epoch = Math.floor(this.clock.nowMs() / 1000);
    const result = await verify({
      secret,
      token: code,
      epoch,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    if (!result.valid) {
      return null;
    }
    // otplib's TOTP result carries the step; its union type does not say so for every strategy.
    return 'timeStep' in result && typeof result.timeStep === 'number'
      ? result.timeStep
      : Math.floor(epoch / 30) + result.delta;
  }
}
