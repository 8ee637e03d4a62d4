import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Required, Trimmed } from '../../http/validation/contract-fields';

const SIX_DIGITS = /^\d{6}$/;

/** POST /staff/api/me/totp/confirm: the app's first code. */
export class ConfirmTotpDto {
  @ApiProperty({ pattern: '^\\d{6}$', example: '492039', description: 'The code the authenticator app shows now' })
  @Trimmed()
  @Required()
  @IsString()
  @Matches(SIX_DIGITS)
  code!: string;
}

/**
 * A code of the authenticator app, or a recovery code (exactly one): POST
 * /staff/api/login/second-factor and DELETE /staff/api/me/totp.
 */
export class SecondFactorProofDto {
  @ApiPropertyOptional({ pattern: '^\\d{6}$', example: '492039', description: 'A code of the authenticator app' })
  @Trimmed()
  @ValidateIf((proof: SecondFactorProofDto) => proof.code !== undefined || proof.recovery_code === undefined)
  @Required()
  @IsString()
  @Matches(SIX_DIGITS)
  code?: string;

  @ApiPropertyOptional({
    maxLength: 40,
    example: 'k3m9p-x2q7r',
    description: 'One of the recovery codes shown when the app was set up (each works once); instead of `code`',
  })
  @Trimmed()
  @ValidateIf((proof: SecondFactorProofDto) => proof.recovery_code !== undefined || proof.code === undefined)
  @Required()
  @IsString()
  @MaxLength(40)
  recovery_code?: string;
}

/** POST /staff/api/me/totp: the secret of the app being set up. */
export class TotpSetupView {
  @ApiProperty({ description: 'Base32, for typing into the app by hand', example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
  secret!: string;

  @ApiProperty({
    description: 'The otpauth:// URL the console shows as a QR code (made on the page, never by another service)',
    example: 'otpauth://totp/contact-intake:grace%40example.com?secret=JBSW...&issuer=contact-intake',
  })
  otpauth_url!: string;
}

/** POST /staff/api/me/totp/confirm: the recovery codes, shown this once. */
export class RecoveryCodesView {
  @ApiProperty({
    type: [String],
    minItems: 10,
    maxItems: 10,
    description: 'Each signs in once in place of a code; kept only as hashes, so shown this once',
    example: [
      'k3m9p-x2q7r',
      'a7c2e-hw4nz',
      'p9d3t-m6kfx',
      'q2v8b-r5jsa',
      'z4n7c-e3ptw',
      'h6m2k-d9xqr',
      'w3r8s-t5bnv',
      'c7y4p-g2mhz',
      'u5e9x-k3wqa',
      'f8b6n-s4jtd',
    ],
  })
  recovery_codes!: string[];
}

/** The body schema of a proof: `code` or `recovery_code` (an empty object is refused: Missing field: code). */
export const SECOND_FACTOR_PROOF_BODY = {
  description: 'A code of the authenticator app, or a recovery code (when both are sent, the code counts)',
  schema: { allOf: [{ $ref: '#/components/schemas/SecondFactorProofDto' }], minProperties: 1 },
};
