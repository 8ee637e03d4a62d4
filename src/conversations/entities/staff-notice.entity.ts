import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StaffNoticeKind, StaffNoticeState } from '../staff-notice-state';

/**
 * One e-mail to a staff member about a submission (assigned to them, the customer wrote), written in
 * the transaction of the change that causes it, so a Redis refusal or a process death after the commit
 * cannot lose it: the queue reconciler adds the job of a row left `queued`. At most one per cause (the
 * unique index: a fact handled twice stores one). Ids only; nothing personal.
 */
@Entity({ name: 'staff_notices' })
@Index('uq_staff_notices_source', ['kind', 'sourceId'], { unique: true })
@Index('ix_staff_notices_state', ['state', 'id'])
@Index('ix_staff_notices_submission', ['submissionId'])
export class StaffNoticeEntity {
  /** UUIDv7. */
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: StaffNoticeKind;

  /** The assignment fact's id, or the customer message's id: what the notice's job and Message-ID are named after. */
  @Column({ name: 'source_id', type: 'char', length: 36 })
  sourceId!: string;

  @Column({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  /** Whom an assignment was to (a customer message's notice goes to whoever is assigned when it is sent). */
  @Column({ name: 'assignee_id', type: 'char', length: 36, nullable: true })
  assigneeId!: string | null;

  /** Changed only through STAFF_NOTICE_TRANSITIONS. */
  @Column({ type: 'varchar', length: 16 })
  state!: StaffNoticeState;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true })
  sentAt!: Date | null;
}
