import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Required } from '../../http/validation/contract-fields';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../passwords';

// Passwords are taken exactly as typed (not trimmed). The length rule of a new password is the
// service's, so HTTP and the CLI refuse a short one with the same message.

/** POST /staff/api/me/password. */
export class ChangePasswordDto {
  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH, description: 'The password the account signs in with now' })
  @Required()
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH)
  current_password!: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })
  @Required()
  @IsString()
  new_password!: string;
}

/** POST /staff/api/password-reset: the token of a reset link and the password chosen with it. */
export class UseResetLinkDto {
  @ApiProperty({ maxLength: 100, description: 'The `token` parameter of the link in the reset e-mail' })
  @Required()
  @IsString()
  @MaxLength(100)
  token!: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })
  @Required()
  @IsString()
  new_password!: string;
}
