import { ApiProperty } from '@nestjs/swagger';
import { IsObject, IsString, MaxLength } from 'class-validator';
import { NoControlCharacters, Required, Trimmed } from '../../http/validation/contract-fields';

/** POST /staff/api/me/passkeys: the browser's answer to the registration options, and a name for it. */
export class RegisterPasskeyDto {
  @ApiProperty({ maxLength: 100, example: 'Laptop fingerprint' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxLength(100)
  @NoControlCharacters()
  name!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "navigator.credentials.create()'s answer as JSON (RegistrationResponseJSON, e.g. @simplewebauthn/browser's startRegistration)",
  })
  @Required()
  @IsObject()
  response!: Record<string, unknown>;
}

/** POST /staff/api/login/passkey: the browser's answer to the sign-in options. */
export class PasskeySignInDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "navigator.credentials.get()'s answer as JSON (AuthenticationResponseJSON)",
  })
  @Required()
  @IsObject()
  response!: Record<string, unknown>;
}

/** A passkey as its owner sees it. */
export class PasskeyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Laptop fingerprint' })
  name!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_used_at!: string | null;
}

/** The WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON). */
export class WebAuthnOptionsView {
  @ApiProperty({ description: 'base64url; good for 5 minutes, once' })
  challenge!: string;

  @ApiProperty({ required: false, example: 'intake.example.com' })
  rpId?: string;
}
