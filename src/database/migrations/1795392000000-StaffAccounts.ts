import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class StaffAccounts1795392000000 implements MigrationInterface {
  name = 'StaffAccounts1795392000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE staff_accounts (
      id CHAR(36) NOT NULL,
      email VARCHAR(254) NOT NULL,
      name VARCHAR(200) NOT NULL,
      role VARCHAR(16) NOT NULL,
      password_hash VARCHAR(255) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      password_changed_at DATETIME(3) NOT NULL,
      last_login_at DATETIME(3) NULL,
      disabled_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_staff_accounts_email (email)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staff_accounts');
  }
}
