import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff notices as stored rows (issue 54, point 3): the mail telling staff of an assignment or of a
 * customer's message is written with the change that causes it and re-queued by the reconciler, so a
 * fault after the commit no longer loses it. Expand only: a new table, so the previous release runs
 * beside this one (its jobs find no row and send as they did).
 */
export class StaffNotices1795900000000 implements MigrationInterface {
  name = 'StaffNotices1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE staff_notices (
      id CHAR(36) NOT NULL,
      kind VARCHAR(16) NOT NULL,
      source_id CHAR(36) NOT NULL,
      submission_id CHAR(36) NOT NULL,
      assignee_id CHAR(36) NULL,
      state VARCHAR(16) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      sent_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_staff_notices_source (kind, source_id),
      KEY ix_staff_notices_state (state, id),
      KEY ix_staff_notices_submission (submission_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staff_notices');
  }
}
