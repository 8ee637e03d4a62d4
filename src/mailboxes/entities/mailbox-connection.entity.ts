import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one mailbox of the installation (INBOUND_IMAP_URL / SMTP_URL): the id of its row. */
export const MAILBOX_ID = 'mailbox';

/** How the mailbox signs in: a password in the URLs, or a grant of MAIL_OAUTH_PROVIDER. */
export type MailboxAuth = 'password' | 'microsoft' | 'google' | 'oidc';

/**
 * `connected`: the last sign-in worked (or none was tried since the grant). `needs_reconnect`: the
 * provider refused the grant (revoked, expired, password changed), or the server refused the
 * password; polling stops for a grant until an admin connects the mailbox again.
 */
export type MailboxConnectionState = 'connected' | 'needs_reconnect';

/**
 * The mailbox's connection: for OAuth2, the grant an admin made in the console (its refresh token and
 * the current access token, both sealed at rest like every secret, SEALED_COLUMNS), and for either
 * kind what the last poll and send found. One row (MAILBOX_ID), shared by API and workers.
 */
@Entity({ name: 'mailbox_connections' })
export class MailboxConnectionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The provider the grant is from, or `password`: a grant of another provider than configured is no grant. */
  @Column({ type: 'varchar', length: 16 })
  auth!: MailboxAuth;

  /** The mailbox as the provider knows it (the URL's user). */
  @Column({ type: 'varchar', length: 320 })
  address!: string;

  @Column({ type: 'varchar', length: 20 })
  state!: MailboxConnectionState;

  /** Sealed under enc_key_id when DATA_ENCRYPTION_KEYS is set; null for a password mailbox. */
  @Column({ name: 'refresh_token', type: 'text', nullable: true })
  refreshToken!: string | null;

  /** The access token in use, shared by every process (sealed like the refresh token). */
  @Column({ name: 'access_token', type: 'text', nullable: true })
  accessToken!: string | null;

  @Column({ name: 'access_expires_at', type: 'datetime', precision: 3, nullable: true })
  accessExpiresAt!: Date | null;

  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  @Column({ name: 'last_poll_at', type: 'datetime', precision: 3, nullable: true })
  lastPollAt!: Date | null;

  /** What the server or provider last said when it refused (no secret: tokens never appear in it). */
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'connected_at', type: 'datetime', precision: 3, nullable: true })
  connectedAt!: Date | null;

  /** The admin who connected the grant. */
  @Column({ name: 'connected_by', type: 'char', length: 36, nullable: true })
  connectedBy!: string | null;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
