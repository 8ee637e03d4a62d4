import { ApiProperty } from '@nestjs/swagger';

export type MailboxStateName = 'connected' | 'needs_reconnect' | 'not_configured';

/** GET /staff/api/mailbox: whether mail flows, and what went wrong last. */
export class MailboxView {
  @ApiProperty({
    enum: ['connected', 'needs_reconnect', 'not_configured'],
    description:
      'not_configured: no INBOUND_IMAP_URL or SMTP_URL, or MAIL_OAUTH_PROVIDER is set and no admin has connected ' +
      'the mailbox yet. needs_reconnect: the provider refused the grant (revoked, expired) or the server refused ' +
      'the sign-in; an OAuth2 mailbox is not polled until an admin connects it again.',
  })
  state!: MailboxStateName;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'oauth2',
    description: 'How the mailbox signs in: password or oauth2; null when there is no mailbox',
  })
  auth!: 'password' | 'oauth2' | null;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'microsoft',
    description: 'MAIL_OAUTH_PROVIDER (microsoft, google or oidc); null for a password mailbox',
  })
  provider!: 'microsoft' | 'google' | 'oidc' | null;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'support@example.com',
    description: 'The mailbox (the user of its URLs)',
  })
  address!: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'The last poll that signed in and read the mailbox',
  })
  last_poll_at!: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    description: 'What the provider or the server last said when it refused',
  })
  last_error!: string | null;

  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When an admin connected the grant' })
  connected_at!: string | null;
}

/** POST /staff/api/mailbox/connect: where the admin's browser goes to grant access. */
export class MailboxConnectView {
  @ApiProperty({
    description:
      "The provider's authorization URL (authorization-code flow with PKCE and state), valid 10 minutes; " +
      'the provider sends the browser back to GET /staff/api/mailbox/callback',
    example: 'https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?client_id=...',
  })
  authorization_url!: string;

  @ApiProperty({
    description: "The redirect URI to register at the provider (PUBLIC_URL, else this request's origin)",
    example: 'https://intake.example.com/staff/api/mailbox/callback',
  })
  redirect_uri!: string;
}
