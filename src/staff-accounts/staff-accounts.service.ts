import { HttpStatus, Injectable } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { QueryFailedError } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { ApiException } from '../http/api-exception';
import { StaffAccountEntity, STAFF_ROLES, StaffRole } from './entities/staff-account.entity';
import { assertAcceptablePassword, generatePassword, hashPassword } from './passwords';
import { StaffAccountsRepository } from './staff-accounts.repository';

export interface NewStaffAccount {
  email: string;
  name: string;
  role: string;
  /** Chosen by the operator (at least 12 characters); generated when absent. */
  password?: string;
}

/** An account with the password to show once (generated or chosen). */
export interface AccountWithPassword {
  account: StaffAccountEntity;
  password: string;
}

const invalid = (message: string) => new ApiException(HttpStatus.BAD_REQUEST, message);

/** Staff accounts: what the `staff` commands (and, later, the admin API) do. */
@Injectable()
export class StaffAccountsService {
  constructor(private readonly accounts: StaffAccountsRepository) {}

  async create(input: NewStaffAccount): Promise<AccountWithPassword> {
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    if (!isEmail(email) || email.length > 254) {
      throw invalid('the e-mail address is not valid');
    }
    if (name.length === 0 || [...name].length > 200) {
      throw invalid('the name must be 1 to 200 characters');
    }
    const role = roleOf(input.role);
    const password = this.passwordFrom(input.password);
    const now = new Date();
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
    };
    try {
      await this.accounts.insert(account);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === 'ER_DUP_ENTRY') {
        throw new ApiException(HttpStatus.CONFLICT, 'a staff account with this e-mail address already exists');
      }
      throw error;
    }
    return { account, password };
  }

  list(): Promise<StaffAccountEntity[]> {
    return this.accounts.list();
  }

  async get(id: string): Promise<StaffAccountEntity> {
    const account = await this.accounts.findById(id);
    if (!account) {
      throw new ApiException(HttpStatus.NOT_FOUND, `No staff account with id ${id}`);
    }
    return account;
  }

  /** Disables or enables an account; disabling is what ends its sign-in (sessions, later). */
  async setDisabled(id: string, disabled: boolean): Promise<StaffAccountEntity> {
    const account = await this.get(id);
    const disabledAt = disabled ? (account.disabledAt ?? new Date()) : null;
    await this.accounts.update(id, { disabledAt });
    return { ...account, disabledAt };
  }

  async resetPassword(id: string, chosen?: string): Promise<AccountWithPassword> {
    const account = await this.get(id);
    const password = this.passwordFrom(chosen);
    const changes = { passwordHash: await hashPassword(password), passwordChangedAt: new Date() };
    await this.accounts.update(id, changes);
    return { account: { ...account, ...changes }, password };
  }

  private passwordFrom(chosen: string | undefined): string {
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

/** E-mail addresses compare trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function roleOf(role: string): StaffRole {
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    throw invalid(`the role must be one of ${STAFF_ROLES.join(', ')}`);
  }
  return role as StaffRole;
}
