import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Satisfaction ratings (issue 41, point 6): a key's `csat` setting (off), and one survey per closed
 * submission of such a key, whose row is what says it was surveyed (unique per submission) and, once the
 * requester answered, holds the rating and their comment (sealed like other personal columns). Expand
 * only: a new column with a default and a new table, so the previous release runs beside this one.
 */
export class SatisfactionRatings1795399000000 implements MigrationInterface {
  name = 'SatisfactionRatings1795399000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN csat TINYINT NOT NULL DEFAULT 0');
    await queryRunner.query(`CREATE TABLE satisfaction_surveys (
      id CHAR(36) NOT NULL,
      submission_id CHAR(36) NOT NULL,
      api_key_id CHAR(36) NOT NULL,
      assignee_id CHAR(36) NULL,
      mail_state VARCHAR(16) NOT NULL,
      surveyed_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      mailed_at DATETIME(3) NULL,
      rating VARCHAR(16) NULL,
      comment TEXT NULL,
      rated_at DATETIME(3) NULL,
      enc_key_id VARCHAR(16) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_satisfaction_surveys_submission (submission_id),
      KEY ix_satisfaction_surveys_mail (mail_state, id),
      KEY ix_satisfaction_surveys_rated (rated_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE satisfaction_surveys');
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN csat');
  }
}
