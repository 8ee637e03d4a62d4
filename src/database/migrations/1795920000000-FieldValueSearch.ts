import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search over custom text fields (issue 55): a FULLTEXT index on the values' text, which `q` matches
 * beside the submission's own columns. Expand only: an index, which the previous release ignores.
 * InnoDB adds its hidden document-id column with a table's first FULLTEXT index, rebuilding the table
 * once; the table is part five's own and young when this runs.
 */
export class FieldValueSearch1795920000000 implements MigrationInterface {
  name = 'FieldValueSearch1795920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE submission_field_values ADD FULLTEXT KEY ft_submission_field_values_text (value_text)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE submission_field_values DROP KEY ft_submission_field_values_text');
  }
}
