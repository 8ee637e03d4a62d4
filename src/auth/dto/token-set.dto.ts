/** The token set answered by /auth.php and /auth_refresh.php (specification 2.2, RFC 6749 5.1). */
export class TokenSetDto {
  access_token!: string;
  token_type!: 'Bearer';
  expires_in!: number;
  refresh_token!: string;
}
