import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Where webhooks go: a URL with its signing secret(s), the events it takes, and whose submissions (an
 * API key's, or every key's when api_key_id is null). STAFF_WEBHOOK_URL is one more destination,
 * defined by configuration rather than a row.
 */
@Entity({ name: 'webhook_destinations' })
@Index('ix_webhook_destinations_api_key', ['apiKeyId'])
export class WebhookDestinationEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'api_key_id', type: 'char', length: 36, nullable: true })
  apiKeyId!: string | null;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  /**
   * `whsec_` + base64 of the key; sealed under `enc_key_id` when DATA_ENCRYPTION_KEYS is set (wide
   * enough for the sealed form of any Standard Webhooks secret).
   */
  @Column({ type: 'varchar', length: 255 })
  secret!: string;

  /** The secret before the last rotation, still signed with until previous_secret_until. */
  @Column({ name: 'previous_secret', type: 'varchar', length: 255, nullable: true })
  previousSecret!: string | null;

  /** The data-encryption key both secrets are sealed with; null: stored in clear. */
  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  /**
   * Not a column: set as the row loads when a secret does not open (see FieldCipher.openRow), which
   * is then null, and why. Rotating the secret is the way out.
   */
  unreadable?: string;

  @Column({ name: 'previous_secret_until', type: 'datetime', precision: 3, nullable: true })
  previousSecretUntil!: Date | null;

  /** Comma list of WEBHOOK_EVENTS. */
  @Column({ type: 'varchar', length: 255 })
  events!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 255, nullable: true })
  disabledReason!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
