import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rules and round-robin assignment (issue 42, points 1 and 2): the rules, each rule's round-robin turn
 * (one row per rule, locked while a turn is taken), and a staff account's `away` (skipped by round
 * robin). Expand only: two new tables and a column with a default, so the previous release runs
 * beside this one (it neither reads nor writes them).
 */
export class Rules1795547600000 implements MigrationInterface {
  name = 'Rules1795547600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE rules (
      id CHAR(36) NOT NULL,
      name VARCHAR(100) NOT NULL,
      position INT NOT NULL,
      enabled TINYINT NOT NULL DEFAULT 1,
      event VARCHAR(32) NOT NULL,
      conditions TEXT NOT NULL,
      actions TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_rules_name (name),
      KEY ix_rules_position (position)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await queryRunner.query(`CREATE TABLE rule_turns (
      rule_id CHAR(36) NOT NULL,
      last_agent_id CHAR(36) NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (rule_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await queryRunner.query('ALTER TABLE staff_accounts ADD COLUMN away TINYINT NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE staff_accounts DROP COLUMN away');
    await queryRunner.query('DROP TABLE rule_turns');
    await queryRunner.query('DROP TABLE rules');
  }
}
