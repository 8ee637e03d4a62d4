import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Rating, SurveyMailState } from '../survey-state';

/**
 * One satisfaction survey: written in the transaction that closes a submission of a key with `csat`
 * on, at most one per submission ever (the unique index is what "surveyed" means: a submission closed
 * again after a reopen, or by two racing closes, is not surveyed twice). Its mail goes out once; the
 * requester's answer fills `rating` once. The key and the assignee are those at closing, so reports
 * credit who handled it. The comment is sealed at rest like other personal columns (SEALED_COLUMNS).
 */
@Entity({ name: 'satisfaction_surveys' })
@Index('uq_satisfaction_surveys_submission', ['submissionId'], { unique: true })
@Index('ix_satisfaction_surveys_mail', ['mailState', 'id'])
@Index('ix_satisfaction_surveys_rated', ['ratedAt'])
export class SatisfactionSurveyEntity {
  /** UUIDv7; what the survey's links carry (never the submission's id). */
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @Column({ name: 'api_key_id', type: 'char', length: 36 })
  apiKeyId!: string;

  /** Who it was assigned to when it was closed. */
  @Column({ name: 'assignee_id', type: 'char', length: 36, nullable: true })
  assigneeId!: string | null;

  /** Changed only through SURVEY_MAIL_TRANSITIONS. */
  @Column({ name: 'mail_state', type: 'varchar', length: 16 })
  mailState!: SurveyMailState;

  @Column({ name: 'surveyed_at', type: 'datetime', precision: 3 })
  surveyedAt!: Date;

  /** The links stop working then (a whole second: the links carry it in seconds). */
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt!: Date;

  @Column({ name: 'mailed_at', type: 'datetime', precision: 3, nullable: true })
  mailedAt!: Date | null;

  /** Null until the requester answers; then never changed. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  rating!: Rating | null;

  /** The requester's words (at most 2000 characters), sealed at rest. */
  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'rated_at', type: 'datetime', precision: 3, nullable: true })
  ratedAt!: Date | null;

  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  /** Set when a row does not open (see SealedColumnsSubscriber); never stored. */
  unreadable?: string;
}
