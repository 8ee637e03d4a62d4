import { ApiProperty, OmitType } from '@nestjs/swagger';
import { StaffAccountEntity } from '../entities/staff-account.entity';
import { STAFF_ROLES } from '../../staff-auth/staff-admission';

/** What the staff API shows of an account to its holder (login, me). */
export class StaffAccountDto {
  @ApiProperty({ example: '01a20093-2c13-73ce-ba5f-bebabadb9343' })
  id!: string;

  @ApiProperty({ example: 'grace@example.com' })
  email!: string;

  @ApiProperty({ example: 'Grace Hopper' })
  name!: string;

  @ApiProperty({ enum: STAFF_ROLES })
  role!: string;

  @ApiProperty({
    description: 'Signed in with a one-time password: every other route answers 403 until POST /staff/api/me/password',
  })
  must_change_password!: boolean;

  @ApiProperty({
    type: [String],
    enum: ['totp', 'passkey', 'recovery_code'],
    description: 'The second factors the account has (empty: a password alone signs it in)',
  })
  second_factors!: string[];

  @ApiProperty({
    description:
      'STAFF_2FA_REQUIRED asks this account for a second factor and it has none: a session reaches only its own ' +
      'account routes until it sets one up (POST /staff/api/me/totp)',
  })
  second_factor_required!: boolean;

  @ApiProperty({ description: 'Marked away (PATCH /staff/api/me): round-robin assignment passes over the account' })
  away!: boolean;
}

/** The password was right; the sign-in completes with a second factor (POST /staff/api/login/second-factor). */
export class SecondFactorNeededDto {
  @ApiProperty({
    type: [String],
    enum: ['totp', 'passkey', 'recovery_code'],
    description: 'The ways this account can complete sign-in; Set-Cookie carries __Host-ci_login (no session yet)',
  })
  second_factor!: string[];
}

/** What admins see of an account. */
export class StaffAccountAdminView extends OmitType(StaffAccountDto, ['second_factors', 'second_factor_required']) {
  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_login_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  disabled_at!: string | null;
}

/** A new account with its password: the only time the password is shown. */
export class CreatedStaffAccountView extends StaffAccountAdminView {
  @ApiProperty({ description: 'Shown once; generated unless one was given' })
  password!: string;
}

/** What the holder sees of an account (`factors`: its second factors, and whether one is required and missing). */
export function publicAccount(
  account: StaffAccountEntity,
  factors: { methods: string[]; required: boolean } = { methods: [], required: false },
): StaffAccountDto {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    must_change_password: account.mustChangePassword,
    second_factors: factors.methods,
    second_factor_required: factors.required && factors.methods.length === 0,
    away: account.away,
  };
}

export function toStaffAccountAdminView(account: StaffAccountEntity): StaffAccountAdminView {
  const { second_factors: _methods, second_factor_required: _required, ...shown } = publicAccount(account);
  return {
    ...shown,
    created_at: account.createdAt.toISOString(),
    last_login_at: account.lastLoginAt?.toISOString() ?? null,
    disabled_at: account.disabledAt?.toISOString() ?? null,
  };
}

/** POST /staff/api/staff/:id/password-reset without SMTP_URL: the one-time password, shown this once. */
export class TemporaryPasswordView {
  @ApiProperty({ description: 'Shown once; the account must choose its own password when it signs in with it' })
  temporary_password!: string;
}

/** POST /staff/api/staff/:id/password-reset with SMTP_URL: where the reset link went. */
export class ResetLinkSentView {
  @ApiProperty({ example: 'grace@example.com', description: "The account's address, which the link was sent to" })
  sent_to!: string;
}
