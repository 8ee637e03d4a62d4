import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The index of custom fields: one row per value (a multi_select's choices a row each, in the order
 * sent) that a filter, a report, an SLA policy or a search reads. The values themselves are the
 * submission's `fieldValues`; these rows are derived from them: by the worker when it first takes the
 * submission (the intake writes one row and nothing else: SubmissionFields.indexOf) and in the
 * transaction of a staff change.
 * - `valueKey` (select, multi_select, checkbox), `valueNumber`, `valueDate`: only for fields that are not
 *   `personal`, so a personal value can never be filtered, reported or compared.
 * - `valueText` (what `q` finds: text-like fields and select choices): for fields that are not personal,
 *   and for personal ones only while encryption at rest is off (when it is on, every value is sealed in
 *   the submission's row and word search is unavailable, as for its other columns).
 */
@Entity({ name: 'submission_field_values' })
@Index('ix_submission_field_values_key', ['name', 'valueKey', 'submissionId'])
@Index('ix_submission_field_values_number', ['name', 'valueNumber'])
@Index('ix_submission_field_values_date', ['name', 'valueDate'])
// What `q` finds in text fields and select choices (staff-submissions.repository: searched).
@Index('ft_submission_field_values_text', ['valueText'], { fulltext: true })
export class SubmissionFieldValueEntity {
  @PrimaryColumn({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @PrimaryColumn({ type: 'varchar', length: 40, charset: 'ascii', collation: 'ascii_bin' })
  name!: string;

  @PrimaryColumn({ type: 'tinyint', unsigned: true })
  position!: number;

  @Column({ name: 'value_text', type: 'text', nullable: true })
  valueText!: string | null;

  @Column({
    name: 'value_key',
    type: 'varchar',
    length: 100,
    charset: 'utf8mb4',
    collation: 'utf8mb4_bin',
    nullable: true,
  })
  valueKey!: string | null;

  @Column({ name: 'value_number', type: 'double', nullable: true })
  valueNumber!: number | null;

  @Column({ name: 'value_date', type: 'date', nullable: true })
  valueDate!: string | null;
}
