import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports (issue 41): each submission's first response and resolution in business minutes (set when
 * they happen), the indexes that find a day's closings and first responses, and the day aggregates the
 * reports read (rebuilt from the rows, so they stay exact: see src/reports/). Expand only.
 */
export class Reports1795398900000 implements MigrationInterface {
  name = 'Reports1795398900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE submissions
      ADD first_response_minutes INT UNSIGNED NULL,
      ADD resolution_minutes INT UNSIGNED NULL,
      ADD last_closed_at DATETIME(3) NULL`);
    // What happened before this release is measured in every minute (no policy applied then).
    await queryRunner.query(`UPDATE submissions SET
      first_response_minutes = CASE WHEN first_response_at IS NULL THEN NULL
        ELSE GREATEST(0, TIMESTAMPDIFF(MINUTE, created_at, first_response_at)) END,
      resolution_minutes = CASE WHEN status = 'closed' AND closed_at IS NOT NULL
        THEN GREATEST(0, TIMESTAMPDIFF(MINUTE, created_at, closed_at)) ELSE NULL END,
      last_closed_at = closed_at
      WHERE first_response_at IS NOT NULL OR closed_at IS NOT NULL`);
    await queryRunner.query('CREATE INDEX ix_submissions_closed ON submissions (closed_at)');
    await queryRunner.query('CREATE INDEX ix_submissions_first_response ON submissions (first_response_at)');
    // The open work of one key or one assignee (a report's backlog), without reading every open row.
    await queryRunner.query('CREATE INDEX ix_submissions_key_status ON submissions (api_key_id, status)');
    await queryRunner.query('CREATE INDEX ix_submissions_assignee_status ON submissions (assignee_id, status)');
    await queryRunner.query(`CREATE TABLE report_days (
      day DATE NOT NULL,
      tag_key VARCHAR(160) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
      api_key_id CHAR(36) NOT NULL,
      assignee_id VARCHAR(36) NOT NULL,
      created INT UNSIGNED NOT NULL,
      spam INT UNSIGNED NOT NULL,
      closed INT UNSIGNED NOT NULL,
      sla_closed INT UNSIGNED NOT NULL,
      sla_met INT UNSIGNED NOT NULL,
      first_response_values MEDIUMBLOB NOT NULL,
      resolution_values MEDIUMBLOB NOT NULL,
      PRIMARY KEY (day, tag_key, api_key_id, assignee_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await queryRunner.query(`CREATE TABLE report_day_marks (
      day DATE NOT NULL,
      built_at DATETIME(3) NULL,
      changed_at DATETIME(3) NULL,
      PRIMARY KEY (day)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE report_day_marks');
    await queryRunner.query('DROP TABLE report_days');
    await queryRunner.query('DROP INDEX ix_submissions_assignee_status ON submissions');
    await queryRunner.query('DROP INDEX ix_submissions_key_status ON submissions');
    await queryRunner.query('DROP INDEX ix_submissions_first_response ON submissions');
    await queryRunner.query('DROP INDEX ix_submissions_closed ON submissions');
    await queryRunner.query('ALTER TABLE submissions DROP COLUMN first_response_minutes, DROP COLUMN resolution_minutes, DROP COLUMN last_closed_at');
  }
}
