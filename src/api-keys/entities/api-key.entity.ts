import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A client system's credential. Only the SHA-256 of the key is stored; `prefix` is for display. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Index('uq_api_keys_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash!: string;

  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  @Column({ name: 'rate_limit', type: 'int', unsigned: true })
  rateLimit!: number;

  /** Seconds. */
  @Column({ name: 'rate_window', type: 'int', unsigned: true })
  rateWindow!: number;

  /** Seconds a key stays blocked after going over; null means "its window". */
  @Column({ name: 'rate_block', type: 'int', unsigned: true, nullable: true })
  rateBlock!: number | null;

  /** Days closed and spam submissions are kept: null follows RETENTION_DAYS, 0 keeps them forever. */
  /** Replies and acknowledgements to this key's requesters come from here (null: REPLY_FROM). */
  @Column({ name: 'reply_from_name', type: 'varchar', length: 200, nullable: true })
  replyFromName!: string | null;

  @Column({ name: 'reply_from_address', type: 'varchar', length: 254, nullable: true })
  replyFromAddress!: string | null;

  /** The automatic acknowledgement of this key's submissions (`{{name}}`, `{{ref}}`); null: none. */
  @Column({ name: 'auto_ack_subject', type: 'varchar', length: 200, nullable: true })
  autoAckSubject!: string | null;

  @Column({ name: 'auto_ack_body', type: 'text', nullable: true })
  autoAckBody!: string | null;

  @Column({ name: 'retention_days', type: 'int', unsigned: true, nullable: true })
  retentionDays!: number | null;

  /** Whether the intake's spam checks run for this key's submissions. */
  @Column({ name: 'spam_filter', type: 'boolean', default: true })
  spamFilter!: boolean;

  /** Whether closing this key's submissions sends the requester a satisfaction survey (ratings/). */
  @Column({ type: 'boolean', default: false })
  csat!: boolean;

  /**
   * The version of the key's custom fields (custom-fields/; 0: never defined). Cached with the key, so
   * the intake finds its compiled fields without a query; a new version applies within API_KEY_CACHE_TTL.
   */
  @Column({ name: 'fields_version', type: 'int', unsigned: true, default: 0 })
  fieldsVersion!: number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'last_used_at', type: 'datetime', precision: 3, nullable: true })
  lastUsedAt!: Date | null;
}
