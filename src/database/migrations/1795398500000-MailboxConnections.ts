import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mailboxes at Microsoft 365 and Google (issue 39): the one mailbox's connection, with its OAuth2
 * grant sealed at rest and what its last poll found.
 */
export class MailboxConnections1795398500000 implements MigrationInterface {
  name = 'MailboxConnections1795398500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE mailbox_connections (
      id VARCHAR(36) NOT NULL,
      auth VARCHAR(16) NOT NULL,
      address VARCHAR(320) NOT NULL,
      state VARCHAR(20) NOT NULL,
      refresh_token TEXT NULL,
      access_token TEXT NULL,
      access_expires_at DATETIME(3) NULL,
      enc_key_id VARCHAR(16) NULL,
      last_poll_at DATETIME(3) NULL,
      last_error VARCHAR(500) NULL,
      connected_at DATETIME(3) NULL,
      connected_by CHAR(36) NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mailbox_connections');
  }
}
