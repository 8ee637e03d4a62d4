import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service levels (issue 41): SLA policies, and each submission's targets on its row. Expand only: new
 * nullable columns (instant in MariaDB) and a new table, so the previous release runs beside this one.
 */
export class ServiceLevels1795398800000 implements MigrationInterface {
  name = 'ServiceLevels1795398800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE sla_policies (
      id CHAR(36) NOT NULL,
      name VARCHAR(100) NOT NULL,
      position INT NOT NULL,
      first_response_minutes INT UNSIGNED NULL,
      resolution_minutes INT UNSIGNED NULL,
      business_hours TEXT NULL,
      applies_to TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_sla_policies_name (name),
      KEY ix_sla_policies_position (position)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await queryRunner.query(`ALTER TABLE submissions
      ADD sla_policy_id CHAR(36) NULL,
      ADD first_response_due_at DATETIME(3) NULL,
      ADD resolution_due_at DATETIME(3) NULL,
      ADD first_response_breached_at DATETIME(3) NULL,
      ADD resolution_breached_at DATETIME(3) NULL,
      ADD sla_paused_at DATETIME(3) NULL,
      ADD sla_paused_minutes INT UNSIGNED NOT NULL DEFAULT 0,
      ADD sla_due_at DATETIME(3) NULL,
      ADD sla_check_at DATETIME(3) NULL`);
    await queryRunner.query('CREATE INDEX ix_submissions_sla_due ON submissions (sla_due_at, id)');
    await queryRunner.query('CREATE INDEX ix_submissions_sla_check ON submissions (sla_check_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_submissions_sla_check ON submissions');
    await queryRunner.query('DROP INDEX ix_submissions_sla_due ON submissions');
    await queryRunner.query(`ALTER TABLE submissions
      DROP COLUMN sla_policy_id, DROP COLUMN first_response_due_at, DROP COLUMN resolution_due_at,
      DROP COLUMN first_response_breached_at, DROP COLUMN resolution_breached_at, DROP COLUMN sla_paused_at,
      DROP COLUMN sla_paused_minutes, DROP COLUMN sla_due_at, DROP COLUMN sla_check_at`);
    await queryRunner.query('DROP TABLE sla_policies');
  }
}
