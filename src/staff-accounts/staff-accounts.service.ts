import { Clock } from '../clock/clock';
import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { isDuplicateKey } from '../database/duplicate-key';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../http/api-exception';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { assertAcceptablePassword, generatePassword, hashPassword } from './passwords';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { normalizeStaffEmail } from './staff-email';
import { StaffPasswordResetsRepository } from './staff-password-resets.repository';
import { StaffTokensRepository } from './staff-tokens.repository';
import { STAFF_ROLES, StaffRole } from '../staff-auth/staff-admission';

export interface NewStaffAccount {
  email: string;
  name: string;
  role: string;
  /** Chosen by the operator (at least 12 characters); generated when absent. */
  password?: string;
}

/** What an admin may change on an account (PATCH /staff/api/staff/:id). */
export interface StaffAccountChanges {
  name?: string;
  role?: string;
  disabled?: boolean;
}

/** An account with the password to show once (generated or chosen). */
export interface AccountWithPassword {
  account: StaffAccountEntity;
  password: string;
}

/** How setPassword treats the account's other credentials, and what the audit says. */
export interface PasswordChange {
  action: 'staff.password_reset' | 'staff.password_changed';
  revokeTokens: boolean;
  mustChange?: boolean;
  /** A reset link that stays usable (the one just sent). */
  keepLink?: string;
  /** Added to the audit event's `after` (never a password). */
  detail?: Record<string, string>;
}

const invalid = (message: string) => new ApiException(HttpStatus.BAD_REQUEST, message);

/** Staff accounts: what the `staff` commands and the admin API do, each change recorded in the audit. */
@Injectable()
export class StaffAccountsService {
  constructor(
    private readonly accounts: StaffAccountsRepository,
    private readonly tokens: StaffTokensRepository,
    private readonly resets: StaffPasswordResetsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async create(input: NewStaffAccount, actor: Actor): Promise<AccountWithPassword> {
    // One spelling (staff-email.ts): what the unique index and every sign-in compare byte for byte.
    const email = normalizeStaffEmail(input.email);
    if (email === null || !isEmail(email)) {
      throw invalid('the e-mail address is not valid (no invisible or control characters)');
    }
    const name = nameOf(input.name);
    const role = roleOf(input.role);
    const password = this.passwordFrom(input.password);
    const now = this.clock.now();
    const account: StaffAccountEntity = {
      id: uuidv7(),
      email,
      name,
      role,
      passwordHash: await hashPassword(password),
      createdAt: now,
      passwordChangedAt: now,
      lastLoginAt: null,
      disabledAt: null,
      mustChangePassword: false,
      away: false,
    };
    try {
      await this.accounts.insert(account);
    } catch (error) {
      if (isDuplicateKey(error)) {
        throw new ApiException(HttpStatus.CONFLICT, 'a staff account with this e-mail address already exists');
      }
      throw error;
    }
    await this.audit.record(actor, {
      action: 'staff.created',
      target: { type: 'staff', id: account.id },
      after: { email, name, role },
    });
    return { account, password };
  }

  /** The account of this id, disabled or not; null when there is none. */
  findById(id: string): Promise<StaffAccountEntity | null> {
    return this.accounts.findById(id);
  }

  /**
   * The account of this address once normalised (normalizeStaffEmail: any letter case, nothing else
   * loose), disabled or not; null when there is none or the address cannot be a staff address.
   */
  findByEmail(email: string): Promise<StaffAccountEntity | null> {
    const address = normalizeStaffEmail(email);
    return address === null ? Promise.resolve(null) : this.accounts.findByEmail(address);
  }

  list(): Promise<StaffAccountEntity[]> {
    return this.accounts.list();
  }

  async get(id: string): Promise<StaffAccountEntity> {
    const account = await this.accounts.findById(id);
    if (!account) {
      // Detailed for the CLI; the HTTP answer is the contract's fixed `Not found`.
      throw new NotFoundException(`No staff account with id ${id}`);
    }
    return account;
  }

  /**
   * Disables or enables an account; a disabled account's sessions stop working within seconds, and its
   * API tokens are revoked and its reset links deleted (enabling it again brings neither back).
   */
  setDisabled(id: string, disabled: boolean, actor: Actor): Promise<StaffAccountEntity> {
    return this.update(id, { disabled }, actor);
  }

  /** Changes name, role and disabled; records what changed (nothing changed: no event). */
  async update(id: string, changes: StaffAccountChanges, actor: Actor): Promise<StaffAccountEntity> {
    // An admin locking themselves out could leave nobody to administer the service over HTTP.
    if (actor.id === id && (changes.disabled === true || (changes.role !== undefined && changes.role !== 'admin'))) {
      throw invalid('You cannot disable your own account or take away its admin role');
    }
    const account = await this.get(id);
    const next: Partial<Pick<StaffAccountEntity, 'name' | 'role' | 'disabledAt'>> = {};
    if (changes.name !== undefined && nameOf(changes.name) !== account.name) {
      next.name = nameOf(changes.name);
    }
    if (changes.role !== undefined && roleOf(changes.role) !== account.role) {
      next.role = roleOf(changes.role);
    }
    if (changes.disabled !== undefined && changes.disabled !== (account.disabledAt !== null)) {
      next.disabledAt = changes.disabled ? new Date() : null;
    }
    if (Object.keys(next).length === 0) {
      return account;
    }
    // A token outlives nothing that ended its account's access: re-enabling does not revive it. Revoked
    // first, so a crash in between leaves tokens dead rather than an account disabled with live ones.
    const tokensRevoked = next.disabledAt ? await this.tokens.revokeAllOf(id, next.disabledAt) : 0;
    // Its reset links die with its access too (issue 36): a link mailed before, still within its hour,
    // must not set a password once the account is enabled again. An admin sends a new one if needed.
    if (next.disabledAt) {
      await this.resets.deleteAllOf(id);
    }
    await this.accounts.update(id, next);
    const view = (row: Partial<StaffAccountEntity>) => ({
      ...('name' in next ? { name: row.name } : {}),
      ...('role' in next ? { role: row.role } : {}),
      ...('disabledAt' in next ? { disabled: row.disabledAt !== null } : {}),
    });
    await this.audit.record(actor, {
      action: 'staff.updated',
      target: { type: 'staff', id },
      before: view(account),
      after: { ...view(next), ...(tokensRevoked > 0 ? { tokens_revoked: tokensRevoked } : {}) },
    });
    return { ...account, ...next };
  }

  /** `staff reset-password` (the CLI): a new password (chosen or generated), shown once by the caller. */
  resetPassword(id: string, chosen: string | undefined, actor: Actor): Promise<AccountWithPassword> {
    return this.setPassword(id, chosen, actor, { action: 'staff.password_reset', revokeTokens: true });
  }

  /**
   * Sets an account's password: the one path of the CLI's reset, an admin's reset in the console (a
   * one-time password or a link), a reset link used, and a change of one's own. Every session that began
   * before the change ends (see StaffAuthService.accountOfSession) and every reset link but `keepLink`
   * stops working; `revokeTokens` also revokes the account's `st_` tokens (a reset means the old
   * credentials may be known to someone else); `mustChange` makes the account choose its own password
   * before it may do anything else.
   */
  async setPassword(
    id: string,
    chosen: string | undefined,
    actor: Actor,
    how: PasswordChange,
  ): Promise<AccountWithPassword> {
    const account = await this.get(id);
    const password = this.passwordFrom(chosen);
    const changes = {
      passwordHash: await hashPassword(password),
      passwordChangedAt: this.clock.now(),
      mustChangePassword: how.mustChange ?? false,
    };
    // Revoked first, as in update: a crash in between leaves tokens dead rather than alive.
    const tokensRevoked = how.revokeTokens ? await this.tokens.revokeAllOf(id, changes.passwordChangedAt) : 0;
    await this.accounts.update(id, changes);
    await this.resets.deleteAllOf(id, how.keepLink);
    const after = { ...how.detail, ...(tokensRevoked > 0 ? { tokens_revoked: tokensRevoked } : {}) };
    await this.audit.record(actor, {
      action: how.action,
      target: { type: 'staff', id },
      ...(Object.keys(after).length > 0 ? { after } : {}),
    });
    return { account: { ...account, ...changes }, password };
  }

  /** A chosen password, or a generated one; 400 with the rule's message when a chosen one breaks it. */
  passwordFrom(chosen: string | undefined): string {
    if (chosen === undefined) {
      return generatePassword();
    }
    try {
      assertAcceptablePassword(chosen);
    } catch (error) {
      throw invalid((error as Error).message);
    }
    return chosen;
  }
}

function nameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || [...trimmed].length > 200) {
    throw invalid('the name must be 1 to 200 characters');
  }
  return trimmed;
}

function roleOf(role: string): StaffRole {
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    throw invalid(`the role must be one of ${STAFF_ROLES.join(', ')}`);
  }
  return role as StaffRole;
}
