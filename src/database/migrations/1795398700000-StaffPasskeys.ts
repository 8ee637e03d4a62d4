import { MigrationInterface, QueryRunner } from 'typeorm';

/** Passkeys (issue 40): a staff account's WebAuthn credentials, each a public key and its counter. */
export class StaffPasskeys1795398700000 implements MigrationInterface {
  name = 'StaffPasskeys1795398700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE staff_passkeys (
      id CHAR(36) NOT NULL,
      account_id CHAR(36) NOT NULL,
      credential_id VARCHAR(512) NOT NULL,
      public_key TEXT NOT NULL,
      counter BIGINT NOT NULL,
      transports VARCHAR(255) NULL,
      name VARCHAR(100) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      last_used_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY ux_staff_passkeys_credential (credential_id),
      KEY ix_staff_passkeys_account (account_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staff_passkeys');
  }
}
