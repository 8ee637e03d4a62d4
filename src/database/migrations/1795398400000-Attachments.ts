import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Files are kept (issue 39): `attachments` describes each file (its name sealed like every personal
 * field), `attachment_chunks` holds its bytes in pieces, each sealed on its own. The descriptions
 * conversation messages carried until now (`conversation_messages.attachments`, name, type and size of
 * files that were never stored) become rows in the state `described`, so every reader has one place
 * to look. The old column stays, unread, for the release before this one during a rolling upgrade;
 * the next release drops it (expand, then contract).
 */
export class Attachments1795398400000 implements MigrationInterface {
  name = 'Attachments1795398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE attachments (
      id CHAR(36) NOT NULL,
      submission_id CHAR(36) NULL,
      message_id CHAR(36) NULL,
      owner_id CHAR(36) NULL,
      name VARCHAR(1400) NOT NULL,
      type VARCHAR(255) NOT NULL,
      size BIGINT UNSIGNED NOT NULL,
      sha256 CHAR(64) NULL,
      state VARCHAR(16) NOT NULL,
      inline_image TINYINT NOT NULL DEFAULT 0,
      enc_key_id VARCHAR(16) NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY ix_attachments_submission (submission_id, created_at),
      KEY ix_attachments_message (message_id),
      KEY ix_attachments_owner (owner_id, created_at),
      CONSTRAINT fk_attachments_submission FOREIGN KEY (submission_id) REFERENCES submissions (id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE attachment_chunks (
      attachment_id CHAR(36) NOT NULL,
      seq INT UNSIGNED NOT NULL,
      data MEDIUMBLOB NOT NULL,
      enc_key_id VARCHAR(16) NULL,
      PRIMARY KEY (attachment_id, seq),
      CONSTRAINT fk_attachment_chunks_attachment FOREIGN KEY (attachment_id) REFERENCES attachments (id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`INSERT INTO attachments
        (id, submission_id, message_id, owner_id, name, type, size, sha256, state, inline_image, enc_key_id, created_at)
      SELECT UUID(), m.submission_id, m.id, NULL, LEFT(COALESCE(file.name, '(no name)'), 255),
        LEFT(COALESCE(file.type, 'application/octet-stream'), 255), COALESCE(file.size, 0), NULL, 'described', 0,
        NULL, m.created_at
      FROM conversation_messages m,
        JSON_TABLE(m.attachments, '$[*]' COLUMNS (
          name VARCHAR(1000) PATH '$.name',
          type VARCHAR(1000) PATH '$.type',
          size BIGINT PATH '$.size'
        )) AS file
      WHERE m.attachments IS NOT NULL AND JSON_VALID(m.attachments)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE attachment_chunks');
    await queryRunner.query('DROP TABLE attachments');
  }
}
