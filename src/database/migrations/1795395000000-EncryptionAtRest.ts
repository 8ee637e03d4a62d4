import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Encryption at rest: personal columns wide enough for a sealed value, the key id beside them
 * (`enc_key_id`, null = clear), and `email_hash` for exact e-mail lookups, which the sealed `email`
 * column can no longer serve (its index goes). Existing rows are in clear, so their hash is the plain
 * SHA-256 of the lower-cased address, the same FieldCipher.emailHash computes without keys.
 */
export class EncryptionAtRest1795395000000 implements MigrationInterface {
  name = 'EncryptionAtRest1795395000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE submissions
      MODIFY name VARCHAR(1200) NOT NULL,
      MODIFY email VARCHAR(1400) NULL,
      MODIFY phone VARCHAR(100) NULL,
      MODIFY business VARCHAR(1200) NULL,
      ADD COLUMN email_hash CHAR(64) NULL,
      ADD COLUMN enc_key_id VARCHAR(16) NULL,
      DROP KEY ix_submissions_email,
      ADD KEY ix_submissions_email_hash (email_hash)`);
    await queryRunner.query(
      'UPDATE submissions SET email_hash = SHA2(LOWER(TRIM(email)), 256) WHERE email IS NOT NULL',
    );
    await queryRunner.query('ALTER TABLE submission_notes ADD COLUMN enc_key_id VARCHAR(16) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE submission_notes DROP COLUMN enc_key_id');
    await queryRunner.query(`ALTER TABLE submissions
      DROP KEY ix_submissions_email_hash,
      DROP COLUMN enc_key_id,
      DROP COLUMN email_hash,
      MODIFY name VARCHAR(200) NOT NULL,
      MODIFY email VARCHAR(254) NULL,
      MODIFY phone VARCHAR(32) NULL,
      MODIFY business VARCHAR(200) NULL,
      ADD KEY ix_submissions_email (email)`);
  }
}
