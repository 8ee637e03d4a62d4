import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Two-factor sign-in (issue 40): an account's authenticator app (its secret sealed) and recovery codes
 * (hashed). Staff accounts are disabled, never deleted, so the rows need no foreign key to outlive.
 */
export class StaffTotp1795398600000 implements MigrationInterface {
  name = 'StaffTotp1795398600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE staff_totp (
      id CHAR(36) NOT NULL,
      secret VARCHAR(255) NOT NULL,
      enc_key_id VARCHAR(16) NULL,
      confirmed_at DATETIME(3) NULL,
      last_step BIGINT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE staff_recovery_codes (
      id CHAR(36) NOT NULL,
      account_id CHAR(36) NOT NULL,
      code_hash CHAR(64) NOT NULL,
      used_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY ux_staff_recovery_codes (account_id, code_hash)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staff_recovery_codes');
    await queryRunner.query('DROP TABLE staff_totp');
  }
}
