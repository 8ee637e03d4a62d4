import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Staff processing: the workflow columns on submissions (existing rows become `new`, version 1), the
 * indexes the staff list pages on (each filter followed by the id, so a filtered page is an index range
 * read newest first), the word-search index, per-channel delivery records, notes and the audit events.
 */
export class StaffWorkflow1795393200000 implements MigrationInterface {
  name = 'StaffWorkflow1795393200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE submissions
      ADD COLUMN status VARCHAR(16) NOT NULL DEFAULT 'new',
      ADD COLUMN assignee_id CHAR(36) NULL,
      ADD COLUMN version INT UNSIGNED NOT NULL DEFAULT 1,
      ADD COLUMN closed_at DATETIME(3) NULL,
      ADD KEY ix_submissions_status (status, id),
      ADD KEY ix_submissions_assignee (assignee_id, id),
      ADD KEY ix_submissions_api_key (api_key_id, id),
      ADD KEY ix_submissions_created (created_at),
      ADD CONSTRAINT fk_submissions_assignee FOREIGN KEY (assignee_id) REFERENCES staff_accounts (id)`);
    // A FULLTEXT index is added on its own: InnoDB builds its document-id column with the first one.
    await queryRunner.query(
      'ALTER TABLE submissions ADD FULLTEXT KEY ft_submissions_text (name, email, business, message)',
    );
    await queryRunner.query(`ALTER TABLE submission_deliveries
      ADD COLUMN attempts INT UNSIGNED NOT NULL DEFAULT 1,
      ADD COLUMN last_error VARCHAR(1000) NULL,
      ADD COLUMN last_attempt_at DATETIME(3) NULL,
      MODIFY delivered_at DATETIME(3) NULL`);
    await queryRunner.query(`CREATE TABLE submission_notes (
      id CHAR(36) NOT NULL,
      submission_id CHAR(36) NOT NULL,
      author_id CHAR(36) NOT NULL,
      body TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY ix_submission_notes_submission (submission_id, id),
      CONSTRAINT fk_submission_notes_submission FOREIGN KEY (submission_id) REFERENCES submissions (id),
      CONSTRAINT fk_submission_notes_author FOREIGN KEY (author_id) REFERENCES staff_accounts (id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE audit_events (
      id CHAR(36) NOT NULL,
      actor_type VARCHAR(16) NOT NULL,
      actor_id CHAR(36) NULL,
      action VARCHAR(64) NOT NULL,
      target_type VARCHAR(32) NULL,
      target_id CHAR(36) NULL,
      \`before\` TEXT NULL,
      \`after\` TEXT NULL,
      ip VARCHAR(45) NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY ix_audit_events_target (target_id, id),
      KEY ix_audit_events_actor (actor_id, id),
      KEY ix_audit_events_action (action, id),
      KEY ix_audit_events_created (created_at)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE audit_events');
    await queryRunner.query('DROP TABLE submission_notes');
    await queryRunner.query('DELETE FROM submission_deliveries WHERE delivered_at IS NULL');
    await queryRunner.query(`ALTER TABLE submission_deliveries
      DROP COLUMN attempts, DROP COLUMN last_error, DROP COLUMN last_attempt_at,
      MODIFY delivered_at DATETIME(3) NOT NULL`);
    await queryRunner.query(`ALTER TABLE submissions
      DROP FOREIGN KEY fk_submissions_assignee,
      DROP KEY ft_submissions_text, DROP KEY ix_submissions_status, DROP KEY ix_submissions_assignee,
      DROP KEY ix_submissions_api_key, DROP KEY ix_submissions_created,
      DROP COLUMN status, DROP COLUMN assignee_id, DROP COLUMN version, DROP COLUMN closed_at`);
  }
}
