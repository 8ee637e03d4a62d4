import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom fields (part five): a key's definitions as versions (the whole list per row), a submission's
 * values in its own row (`field_values`, JSON) and the filter index as rows (one per value of a field
 * that is not personal), so a field added, changed or retired later never changes a table. Expand
 * only: new tables and nullable or defaulted columns, so the previous release runs beside this one.
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
      submission_id CHAR(36) NOT NULL,
      name VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      position TINYINT UNSIGNED NOT NULL,
      value_text TEXT NULL,
      value_key VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,
      value_number DOUBLE NULL,
      value_date DATE NULL,
      PRIMARY KEY (submission_id, name, position),
      KEY ix_submission_field_values_key (name, value_key, submission_id),
      KEY ix_submission_field_values_number (name, value_number),
      KEY ix_submission_field_values_date (name, value_date)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    // Instant in MariaDB (a nullable column added last): no table copy of submissions.
    await queryRunner.query('ALTER TABLE submissions ADD field_values MEDIUMTEXT NULL');
    await queryRunner.query('ALTER TABLE api_keys ADD fields_version INT UNSIGNED NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN fields_version');
    await queryRunner.query('ALTER TABLE submissions DROP COLUMN field_values');
    await queryRunner.query('DROP TABLE submission_field_values');
    await queryRunner.query('DROP TABLE custom_field_versions');
  }
}
