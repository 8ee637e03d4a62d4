import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE api_keys (
      id CHAR(36) NOT NULL,
      name VARCHAR(100) NOT NULL,
      key_hash CHAR(64) NOT NULL,
      prefix VARCHAR(16) NOT NULL,
      rate_limit INT UNSIGNED NOT NULL,
      rate_window INT UNSIGNED NOT NULL,
      rate_block INT UNSIGNED NULL,
      created_at DATETIME(3) NOT NULL,
      revoked_at DATETIME(3) NULL,
      last_used_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_api_keys_key_hash (key_hash)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE refresh_tokens (
      id CHAR(36) NOT NULL,
      token_hash CHAR(64) NOT NULL,
      family_id CHAR(36) NOT NULL,
      api_key_id CHAR(36) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      family_expires_at DATETIME(3) NOT NULL,
      used_at DATETIME(3) NULL,
      revoked_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_refresh_tokens_token_hash (token_hash),
      KEY ix_refresh_tokens_family (family_id),
      KEY ix_refresh_tokens_api_key (api_key_id),
      CONSTRAINT fk_refresh_tokens_api_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE submissions (
      id CHAR(36) NOT NULL,
      api_key_id CHAR(36) NOT NULL,
      name VARCHAR(200) NOT NULL,
      email VARCHAR(254) NULL,
      phone VARCHAR(32) NULL,
      business VARCHAR(200) NULL,
      message TEXT NULL,
      client_ip VARCHAR(45) NOT NULL,
      user_agent VARCHAR(512) NULL,
      idempotency_key CHAR(64) NULL,
      state VARCHAR(16) NOT NULL,
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      last_error VARCHAR(1000) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      processed_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_submissions_idempotency (api_key_id, idempotency_key),
      KEY ix_submissions_state_created (state, created_at),
      CONSTRAINT fk_submissions_api_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE submission_deliveries (
      submission_id CHAR(36) NOT NULL,
      channel VARCHAR(32) NOT NULL,
      delivered_at DATETIME(3) NOT NULL,
      PRIMARY KEY (submission_id, channel),
      CONSTRAINT fk_submission_deliveries_submission FOREIGN KEY (submission_id) REFERENCES submissions (id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE submission_deliveries');
    await queryRunner.query('DROP TABLE submissions');
    await queryRunner.query('DROP TABLE refresh_tokens');
    await queryRunner.query('DROP TABLE api_keys');
  }
}
