import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Passwords in the console (issue 26, point 8): an account an admin gave a one-time password must
 * choose its own at the next sign-in (`must_change_password`), and reset links sent by e-mail are
 * kept as hashes of their tokens until used or expired.
 */
export class PasswordResets1795397200000 implements MigrationInterface {
  name = 'PasswordResets1795397200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE staff_accounts ADD COLUMN must_change_password TINYINT NOT NULL DEFAULT 0');
    await queryRunner.query(`CREATE TABLE staff_password_resets (
      id CHAR(36) NOT NULL,
      staff_account_id CHAR(36) NOT NULL,
      token_hash CHAR(64) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_staff_password_resets_token_hash (token_hash),
      KEY ix_staff_password_resets_account (staff_account_id),
      CONSTRAINT fk_staff_password_resets_account FOREIGN KEY (staff_account_id) REFERENCES staff_accounts (id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staff_password_resets');
    await queryRunner.query('ALTER TABLE staff_accounts DROP COLUMN must_change_password');
  }
}
