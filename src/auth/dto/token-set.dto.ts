import { ApiProperty } from '@nestjs/swagger';

/** The token set answered by /auth.php and /auth_refresh.php (specification 2.2, RFC 6749 5.1). */
export class TokenSetDto {
  @ApiProperty({
    description: 'JWT (HS256, typ at+jwt) to send as Authorization: Bearer',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIuLi4ifQ.sig',
  })
  access_token!: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  token_type!: 'Bearer';

  @ApiProperty({ description: 'Lifetime of the access token in seconds', example: 900 })
  expires_in!: number;

  @ApiProperty({
    description: 'Opaque, single-use refresh token (rotated on every refresh)',
    example: 'rt_Y-HDKtZ5Iv5W-0UiccWJ0aH6-C09FVnfpPnI9_HQ-kU',
  })
  refresh_token!: string;
}
