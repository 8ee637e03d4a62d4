import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The filter index of custom fields: one row per value of a submission's field that is not
 * `personal` and can be filtered, reported or matched (select, multi_select: a row per choice in the
 * order sent, checkbox: `valueKey`; number: `valueNumber`; date: `valueDate`). The values themselves
 * are the submission's `fieldValues`; these rows are derived from them: by the worker when it first
 * takes the submission (the intake writes one row and nothing else, see FieldIndexer) and in the
 * transaction of a staff change. A personal value is never here, so it cannot be filtered.
 */
@Entity({ name: 'submission_field_values' })
@Index('ix_submission_field_values_key', ['name', 'valueKey', 'submissionId'])
@Index('ix_submission_field_values_number', ['name', 'valueNumber'])
@Index('ix_submission_field_values_date', ['name', 'valueDate'])
export class SubmissionFieldValueEntity {
  @PrimaryColumn({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @PrimaryColumn({ type: 'varchar', length: 40, charset: 'ascii', collation: 'ascii_bin' })
  name!: string;

  @PrimaryColumn({ type: 'tinyint', unsigned: true })
  position!: number;

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
