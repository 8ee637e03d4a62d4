import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SubmissionEntity } from './submission.entity';

/**
 * One staff channel's record for one submission: its attempts, last error and, once it succeeded,
 * when (a retried job skips channels with delivered_at set).
 */
@Entity({ name: 'submission_deliveries' })
export class SubmissionDeliveryEntity {
  @PrimaryColumn({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @ManyToOne(() => SubmissionEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_submission_deliveries_submission' })
  submission?: SubmissionEntity;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  channel!: string;

  @Column({ type: 'int', unsigned: true, default: 1 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true })
  lastError!: string | null;

  @Column({ name: 'last_attempt_at', type: 'datetime', precision: 3, nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ name: 'delivered_at', type: 'datetime', precision: 3, nullable: true })
  deliveredAt!: Date | null;
}
