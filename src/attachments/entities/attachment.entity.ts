import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SubmissionEntity } from '../../submissions/entities/submission.entity';

/**
 * What became of a file: its bytes stored (in chunks, see AttachmentChunkEntity), over
 * ATTACHMENT_MAX_BYTES and only described, described only because it arrived before files were kept
 * (issue 39's migration moved those descriptions here), or an upload still being received.
 */
export type AttachmentState = 'stored' | 'too_large' | 'described' | 'uploading';

/**
 * A file a customer sent (an inbound mail's attachment) or a staff member uploaded for a reply. It
 * belongs to a submission (and to the message that carried it), or, while an upload is not yet used,
 * to the staff account that uploaded it alone. The name, hash and type are sealed at rest like every
 * personal field (SEALED_COLUMNS; the size stays clear for the byte accounting); the bytes are sealed
 * chunk by chunk.
 */
@Entity({ name: 'attachments' })
@Index('ix_attachments_submission', ['submissionId', 'createdAt'])
@Index('ix_attachments_message', ['messageId'])
@Index('ix_attachments_owner', ['ownerId', 'createdAt'])
@Index('ix_attachments_merged_from', ['mergedFromId'])
export class AttachmentEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  /** Null while an upload waits for its reply. */
  @Column({ name: 'submission_id', type: 'char', length: 36, nullable: true })
  submissionId!: string | null;

  @ManyToOne(() => SubmissionEntity, { nullable: true, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_attachments_submission' })
  submission?: SubmissionEntity;

  /** The conversation message that carried it; null for a file of the request itself (a mail that made it). */
  @Column({ name: 'message_id', type: 'char', length: 36, nullable: true })
  messageId!: string | null;

  /** The staff account that uploaded it (null for a customer's file). */
  @Column({ name: 'owner_id', type: 'char', length: 36, nullable: true })
  ownerId!: string | null;

  /** The file name as sent (sealed at rest); never a path. */
  @Column({ type: 'varchar', length: 1400 })
  name!: string;

  /**
   * The media type the sender declared, lower case (what it is served as is decided on download);
   * sealed at rest (room for a sealed 255-character type).
   */
  @Column({ type: 'varchar', length: 384 })
  type!: string;

  @Column({ type: 'bigint', unsigned: true, transformer: { to: (value: number) => value, from: Number } })
  size!: number;

  /** SHA-256 of the bytes, hex, sealed at rest (it names the file as well as its name); null for a legacy description. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  sha256!: string | null;

  @Column({ type: 'varchar', length: 16 })
  state!: AttachmentState;

  /** A PNG, JPEG, GIF or WebP whose bytes are what its type says: the only kind ever shown inline. */
  @Column({ name: 'inline_image', type: 'boolean', default: false })
  inlineImage!: boolean;

  /** The data-encryption key the name, hash and type are sealed with; null: stored in clear. */
  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  /** Moved here by a merge: the submission it came from (erasing that one's requester erases it). */
  @Column({ name: 'merged_from_id', type: 'char', length: 36, nullable: true })
  mergedFromId?: string | null;

  /** Set when the name does not open (see SealedColumnsSubscriber); never stored. */
  unreadable?: string;
}
