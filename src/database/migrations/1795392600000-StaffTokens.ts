import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class StaffTokens1795392600000 implements MigrationInterface {
  name = 'StaffTokens1795392600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE staff_tokens (
      id CHAR(36) NOT NULL,
      staff_account_id CHAR(36) NOT NULL,
      name VARCHAR(100) NOT NULL,
      token_hash CHAR(64) NOT NULL,
      prefix VARCHAR(16) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      revoked_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_staff_tokens_token_hash (token_hash),
      KEY ix_staff_tokens_account (staff_account_id),
      CONSTRAINT fk_staff_tokens_account FOREIGN KEY (staff_account_id) REFERENCES staff_accounts (id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staff_tokens');
  }
}
