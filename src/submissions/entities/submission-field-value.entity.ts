import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One value of a custom field of a submission (a multi_select has a row per choice, `position` in the
 * order sent). `valueText` holds every value as text and is sealed when encryption at rest is on. The
 * filter columns (`valueKey` for select, multi_select and checkbox, `valueNumber`, `valueDate`) are
 * written for fields that are not `personal` only, so a personal value never sits in clear: such a
 * field cannot be filtered or reported on.
 *
 * No foreign key to `submissions`: the intake stores a submission's values just before its row (two
 * grouped INSERTs, so nothing accepted ever lacks its values); values whose submission never came are
 * removed by the retention run.
 */
@Entity({ name: 'submission_field_values' })
@Index('uq_submission_field_values_value', ['submissionId', 'name', 'position'], { unique: true })
@Index('ix_submission_field_values_key', ['name', 'valueKey', 'submissionId'])
@Index('ix_submission_field_values_number', ['name', 'valueNumber'])
@Index('ix_submission_field_values_date', ['name', 'valueDate'])
// What `q` finds in text fields and select choices (staff-submissions.repository: searched).
@Index('ft_submission_field_values_text', ['valueText'], { fulltext: true })
export class SubmissionFieldValueEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @Column({ type: 'varchar', length: 40, charset: 'ascii', collation: 'ascii_bin' })
  name!: string;

  @Column({ type: 'tinyint', unsigned: true })
  position!: number;

  @Column({ name: 'value_text', type: 'text' })
  valueText!: string;

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

  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;
}
