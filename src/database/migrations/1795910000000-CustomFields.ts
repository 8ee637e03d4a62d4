import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom fields (part five): a key's definitions as versions (the whole list per row) and a
 * submission's values as rows, so a field added, changed or retired later never changes a table.
 * Expand only: new tables and a defaulted column, so the previous release runs beside this one.
 */
export class CustomFields1795910000000 implements MigrationInterface {
  name = 'CustomFields1795910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE custom_field_versions (
      id CHAR(36) NOT NULL,
      api_key_id CHAR(36) NOT NULL,
      version INT UNSIGNED NOT NULL,
      definitions TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_custom_field_versions_key (api_key_id, version)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await queryRunner.query(`CREATE TABLE submission_field_values (
      id CHAR(36) NOT NULL,
      submission_id CHAR(36) NOT NULL,
      name VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      position TINYINT UNSIGNED NOT NULL,
      value_text TEXT NOT NULL,
      value_key VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,
      value_number DOUBLE NULL,
      value_date DATE NULL,
      enc_key_id VARCHAR(16) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_submission_field_values_value (submission_id, name, position),
      KEY ix_submission_field_values_key (name, value_key, submission_id),
      KEY ix_submission_field_values_number (name, value_number),
      KEY ix_submission_field_values_date (name, value_date)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await queryRunner.query('ALTER TABLE api_keys ADD fields_version INT UNSIGNED NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN fields_version');
    await queryRunner.query('DROP TABLE submission_field_values');
    await queryRunner.query('DROP TABLE custom_field_versions');
  }
}
