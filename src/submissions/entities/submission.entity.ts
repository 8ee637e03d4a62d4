import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKeyEntity } from '../../api-keys/entities/api-key.entity';
import { StaffAccountEntity } from '../../staff-accounts/entities/staff-account.entity';
import type { Priority } from '../lifecycle/submission-priority';
import type { SubmissionState, WorkflowStatus } from '../lifecycle/submission-state';

/**
 * A stored contact request: what the client sent, its delivery state (see submission-state.ts) and
 * its place in the staff workflow (status, assignee, version).
 */
@Entity({ name: 'submissions' })
@Index('ix_submissions_state_created', ['state', 'createdAt'])
@Index('uq_submissions_idempotency', ['apiKeyId', 'idempotencyKey'], { unique: true })
@Index('ix_submissions_status', ['status', 'id'])
@Index('ix_submissions_assignee', ['assigneeId', 'id'])
@Index('ix_submissions_api_key', ['apiKeyId', 'id'])
@Index('ix_submissions_created', ['createdAt'])
@Index('ix_submissions_email_hash', ['emailHash'])
@Index('ix_submissions_status_created', ['status', 'createdAt'])
@Index('ix_submissions_priority', ['priority', 'id'])
@Index('ix_submissions_sla_due', ['slaDueAt', 'id'])
@Index('ix_submissions_sla_check', ['slaCheckAt'])
@Index('ix_submissions_closed', ['closedAt'])
@Index('ix_submissions_first_response', ['firstResponseAt'])
@Index('ix_submissions_key_status', ['apiKeyId', 'status'])
@Index('ix_submissions_assignee_status', ['assigneeId', 'status'])
@Index('ix_submissions_merged_into', ['mergedIntoId'])
@Index('ft_submissions_text', ['name', 'email', 'business', 'message'], { fulltext: true })
export class SubmissionEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'api_key_id', type: 'char', length: 36 })
  apiKeyId!: string;

  /** The client that sent it (declared so entities and migrations agree on the foreign key). */
  @ManyToOne(() => ApiKeyEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'api_key_id', foreignKeyConstraintName: 'fk_submissions_api_key' })
  apiKey?: ApiKeyEntity;

  // The personal columns are wide enough for a sealed value (DATA_ENCRYPTION_KEYS): base64 of the
  // UTF-8 bytes (up to 4 per character) plus 29 bytes of format, nonce and tag. The contract's
  // limits (name 200 characters, ...) are enforced on the way in.
  @Column({ type: 'varchar', length: 1200 })
  name!: string;

  @Column({ type: 'varchar', length: 1400, nullable: true })
  email!: string | null;

  /** Exact e-mail lookups (export, erasure, staff search): see FieldCipher.emailHash. */
  @Column({ name: 'email_hash', type: 'char', length: 64, nullable: true })
  emailHash!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 1200, nullable: true })
  business!: string | null;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** The data-encryption key the personal columns are sealed with; null: stored in clear. */
  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  /**
   * Not a column: set as the row loads when sealed columns do not open (see FieldCipher.openRow), which
   * are then null whatever their declared type, and why.
   */
  unreadable?: string;

  @Column({ name: 'client_ip', type: 'varchar', length: 45 })
  clientIp!: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  /** SHA-256 of the client's Idempotency-Key; cleared once older than 24 hours and reused. */
  @Column({ name: 'idempotency_key', type: 'char', length: 64, nullable: true })
  idempotencyKey!: string | null;

  @Column({ type: 'varchar', length: 16 })
  state!: SubmissionState;

  @Column({ type: 'int', unsigned: true, default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true })
  lastError!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;

  @Column({ name: 'processed_at', type: 'datetime', precision: 3, nullable: true })
  processedAt!: Date | null;

  /** The staff workflow: new -> open -> pending -> closed, or spam (any may move to any). */
  @Column({ type: 'varchar', length: 16, default: 'new' })
  status!: WorkflowStatus;

  @Column({ name: 'assignee_id', type: 'char', length: 36, nullable: true })
  assigneeId!: string | null;

  @ManyToOne(() => StaffAccountEntity, { nullable: true, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'assignee_id', foreignKeyConstraintName: 'fk_submissions_assignee' })
  assignee?: StaffAccountEntity | null;

  /** Counts staff changes; the staff API's ETag, so a write based on a stale read is refused. */
  @Column({ type: 'int', unsigned: true, default: 1 })
  version!: number;

  @Column({ name: 'closed_at', type: 'datetime', precision: 3, nullable: true })
  closedAt!: Date | null;

  /** When staff first answered the requester (the first reply sent through the service). */
  @Column({ name: 'first_response_at', type: 'datetime', precision: 3, nullable: true })
  firstResponseAt!: Date | null;

  /** Why the spam filter flagged it at intake (comma list of SpamReason); null: it did not. */
  @Column({ name: 'spam_reasons', type: 'varchar', length: 100, nullable: true })
  spamReasons!: string | null;

  /** How urgent staff consider it (see submission-priority.ts); its tags are in `submission_tags`. */
  @Column({ type: 'varchar', length: 8, default: 'normal' })
  priority!: Priority;

  /**
   * Made from inbound mail: whether the trusted receiving server vouched for the sender's domain
   * (INBOUND_TRUSTED_AUTHSERV_ID), which decides its acknowledgement. Null: not from inbound mail.
   * Stored rather than passed along because the worker decides the acknowledgement long after intake.
   */
  @Column({ name: 'sender_verified', type: 'boolean', nullable: true })
  senderVerified!: boolean | null;

  // Its service level (service-levels/ keeps these columns; they sit on the row so that the intake
  // writes them in its one INSERT and the list sorts and filters by them without a join).

  /** The SLA policy that applied when the targets were last set; null: none applies. */
  @Column({ name: 'sla_policy_id', type: 'char', length: 36, nullable: true })
  slaPolicyId!: string | null;

  @Column({ name: 'first_response_due_at', type: 'datetime', precision: 3, nullable: true })
  firstResponseDueAt!: Date | null;

  /** Null while the resolution clock is paused (status `pending`). */
  @Column({ name: 'resolution_due_at', type: 'datetime', precision: 3, nullable: true })
  resolutionDueAt!: Date | null;

  /** The due time of the first-response target, once recorded as breached (once per target). */
  @Column({ name: 'first_response_breached_at', type: 'datetime', precision: 3, nullable: true })
  firstResponseBreachedAt!: Date | null;

  @Column({ name: 'resolution_breached_at', type: 'datetime', precision: 3, nullable: true })
  resolutionBreachedAt!: Date | null;

  /** Since when the resolution clock has stood still (pending or closed); null: it runs. */
  @Column({ name: 'sla_paused_at', type: 'datetime', precision: 3, nullable: true })
  slaPausedAt!: Date | null;

  /** Business minutes the resolution clock stood still before `sla_paused_at`. */
  @Column({ name: 'sla_paused_minutes', type: 'int', unsigned: true, default: 0 })
  slaPausedMinutes!: number;

  /** The earliest due time of a target still open (breached or not): the list's `sort=due`. */
  @Column({ name: 'sla_due_at', type: 'datetime', precision: 3, nullable: true })
  slaDueAt!: Date | null;

  /** The earliest due time of a target still open and not yet breached: when a breach must be checked. */
  @Column({ name: 'sla_check_at', type: 'datetime', precision: 3, nullable: true })
  slaCheckAt!: Date | null;

  /**
   * Business minutes from arrival to the first reply (its policy's hours; every minute without one), set
   * when the first reply goes out: what reports take medians of.
   */
  @Column({ name: 'first_response_minutes', type: 'int', unsigned: true, nullable: true })
  firstResponseMinutes!: number | null;

  /** Business minutes from arrival to closing, time paused in `pending` left out; null unless closed. */
  @Column({ name: 'resolution_minutes', type: 'int', unsigned: true, nullable: true })
  resolutionMinutes!: number | null;

  /**
   * When it was last closed, kept when it reopens (closed_at is cleared): the day whose report figures
   * a reopening changes.
   */
  @Column({ name: 'last_closed_at', type: 'datetime', precision: 3, nullable: true })
  lastClosedAt!: Date | null;

  /** Status `merged`: the submission it went into (its timeline, notes, tags and files moved there). */
  @Column({ name: 'merged_into_id', type: 'char', length: 36, nullable: true })
  mergedIntoId?: string | null;

  /**
   * Its custom fields' values (part five) as JSON `{"<name>": value}`, checked against its key's fields:
   * in the row the intake writes anyway (a second statement per submission doubled the intake's CPU),
   * sealed with encryption at rest. The filter index (SubmissionFieldValueEntity) is derived from it.
   */
  @Column({ name: 'field_values', type: 'mediumtext', nullable: true })
  fieldValues!: string | null;
}
