import { ApiProperty } from '@nestjs/swagger';

/** GET /staff/api/sign-in-options: what the sign-in page offers. */
export class SignInOptionsView {
  @ApiProperty({ description: 'E-mail and password sign in (STAFF_PASSWORD_SIGN_IN)' })
  password!: boolean;

  @ApiProperty({ description: 'Single sign-on is set up: GET /staff/sso/start begins it (OIDC_ISSUER)' })
  sso!: boolean;
}
