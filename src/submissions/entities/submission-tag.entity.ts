import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SubmissionEntity } from './submission.entity';

/**
 * One label staff put on a submission (see submission-tags.ts). `tagKey` is what tags are compared and
 * filtered by (NFC, case-folded; a binary collation, so the database folds nothing more, not even
 * accents); `tag` is the spelling staff used first; `position` keeps the order they gave.
 */
@Entity({ name: 'submission_tags' })
@Index('ix_submission_tags_tag', ['tagKey', 'submissionId'])
export class SubmissionTagEntity {
  @PrimaryColumn({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @ManyToOne(() => SubmissionEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_submission_tags_submission' })
  submission?: SubmissionEntity;

  @PrimaryColumn({ name: 'tag_key', type: 'varchar', length: 160, charset: 'utf8mb4', collation: 'utf8mb4_bin' })
  tagKey!: string;

  @Column({ type: 'varchar', length: 40 })
  tag!: string;

  @Column({ type: 'tinyint', unsigned: true })
  position!: number;
}
