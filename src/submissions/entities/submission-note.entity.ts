import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StaffAccountEntity } from '../../staff-accounts/entities/staff-account.entity';
import { SubmissionEntity } from './submission.entity';

/** A staff member's note on a submission. Notes are added, never edited. */
@Entity({ name: 'submission_notes' })
@Index('ix_submission_notes_submission', ['submissionId', 'id'])
@Index('ix_submission_notes_merged_from', ['mergedFromId'])
export class SubmissionNoteEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @ManyToOne(() => SubmissionEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_submission_notes_submission' })
  submission?: SubmissionEntity;

  @Column({ name: 'author_id', type: 'char', length: 36 })
  authorId!: string;

  @ManyToOne(() => StaffAccountEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'fk_submission_notes_author' })
  author?: StaffAccountEntity;

  @Column({ type: 'text' })
  body!: string;

  /** The data-encryption key the body is sealed with; null: stored in clear. */
  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  /**
   * Not a column: set as the row loads when sealed columns do not open (see FieldCipher.openRow), which
   * are then null whatever their declared type, and why.
   */
  unreadable?: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  /** Moved here by a merge: the submission it was written on (erasing that one's requester erases it). */
  @Column({ name: 'merged_from_id', type: 'char', length: 36, nullable: true })
  mergedFromId?: string | null;
}
