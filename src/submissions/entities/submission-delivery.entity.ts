import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SubmissionEntity } from './submission.entity';

/** One staff channel's successful delivery of one submission, so a retried job skips channels done. */
@Entity({ name: 'submission_deliveries' })
export class SubmissionDeliveryEntity {
  @PrimaryColumn({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @ManyToOne(() => SubmissionEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_submission_deliveries_submission' })
  submission?: SubmissionEntity;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  channel!: string;

  @Column({ name: 'delivered_at', type: 'datetime', precision: 3 })
  deliveredAt!: Date;
}
