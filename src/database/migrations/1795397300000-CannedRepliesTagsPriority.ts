import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Helpdesk essentials (issue 26, points 1 and 3): canned replies (staff's shared answers, titles unique
 * as the table's collation compares them: any letter case or accent), and a priority and tags on each
 * submission. A tag is stored twice: as staff first spelled it (`tag`) and as the key it is compared by
 * (`tag_key`: NFC, case-folded, binary collation so that `é` is not `e`), indexed for the tag filter.
 */
export class CannedRepliesTagsPriority1795397300000 implements MigrationInterface {
  name = 'CannedRepliesTagsPriority1795397300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE canned_replies (
      id CHAR(36) NOT NULL,
      title VARCHAR(100) NOT NULL,
      body MEDIUMTEXT NOT NULL,
      author_id CHAR(36) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_canned_replies_title (title),
      CONSTRAINT fk_canned_replies_author FOREIGN KEY (author_id) REFERENCES staff_accounts (id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`ALTER TABLE submissions
      ADD COLUMN priority VARCHAR(8) NOT NULL DEFAULT 'normal',
      ADD KEY ix_submissions_priority (priority, id)`);
    await queryRunner.query(`CREATE TABLE submission_tags (
      submission_id CHAR(36) NOT NULL,
      tag_key VARCHAR(160) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
      tag VARCHAR(40) NOT NULL,
      position TINYINT UNSIGNED NOT NULL,
      PRIMARY KEY (submission_id, tag_key),
      KEY ix_submission_tags_tag (tag_key, submission_id),
      CONSTRAINT fk_submission_tags_submission FOREIGN KEY (submission_id) REFERENCES submissions (id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE submission_tags');
    await queryRunner.query('ALTER TABLE submissions DROP KEY ix_submissions_priority, DROP COLUMN priority');
    await queryRunner.query('DROP TABLE canned_replies');
  }
}
