import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Conversations (issue 25): the messages of each submission (staff replies, acknowledgements,
 * customers' answers), the first response time, each key's reply sender, and inbound mail that
 * matched no submission (kept for admins), and each key's acknowledgement (off unless set).
 */
export class Conversations1795396500000 implements MigrationInterface {
  name = 'Conversations1795396500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE conversation_messages (
      id CHAR(36) NOT NULL,
      submission_id CHAR(36) NOT NULL,
      kind VARCHAR(16) NOT NULL,
      state VARCHAR(16) NOT NULL,
      author_id CHAR(36) NULL,
      message_id VARCHAR(255) NOT NULL,
      thread_token VARCHAR(32) NULL,
      from_address VARCHAR(1400) NULL,
      from_other TINYINT NOT NULL DEFAULT 0,
      automatic TINYINT NOT NULL DEFAULT 0,
      subject VARCHAR(2000) NULL,
      body MEDIUMTEXT NOT NULL,
      quoted MEDIUMTEXT NULL,
      attachments TEXT NULL,
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      last_error VARCHAR(1000) NULL,
      enc_key_id VARCHAR(16) NULL,
      created_at DATETIME(3) NOT NULL,
      sent_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_conversation_messages_message_id (message_id),
      KEY ix_conversation_messages_submission (submission_id, id),
      KEY ix_conversation_messages_state (state, id),
      KEY ix_conversation_messages_token (thread_token)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE inbound_unmatched (
      id CHAR(36) NOT NULL,
      message_id VARCHAR(255) NOT NULL,
      from_address VARCHAR(1400) NULL,
      subject VARCHAR(2000) NULL,
      size INT UNSIGNED NOT NULL,
      enc_key_id VARCHAR(16) NULL,
      received_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_inbound_unmatched_message_id (message_id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query('ALTER TABLE submissions ADD first_response_at DATETIME(3) NULL');
    await queryRunner.query(`ALTER TABLE api_keys
      ADD reply_from_name VARCHAR(200) NULL,
      ADD reply_from_address VARCHAR(254) NULL,
      ADD auto_ack_subject VARCHAR(200) NULL,
      ADD auto_ack_body TEXT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE api_keys
      DROP COLUMN reply_from_name, DROP COLUMN reply_from_address, DROP COLUMN auto_ack_subject, DROP COLUMN auto_ack_body`);
    await queryRunner.query('ALTER TABLE submissions DROP COLUMN first_response_at');
    await queryRunner.query('DROP TABLE inbound_unmatched');
    await queryRunner.query('DROP TABLE conversation_messages');
  }
}
