import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Webhook destinations, one delivery per event and destination, and each delivery's attempts. */
export class Webhooks1795393800000 implements MigrationInterface {
  name = 'Webhooks1795393800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE webhook_destinations (
      id CHAR(36) NOT NULL,
      api_key_id CHAR(36) NULL,
      url VARCHAR(2048) NOT NULL,
      secret VARCHAR(128) NOT NULL,
      previous_secret VARCHAR(128) NULL,
      previous_secret_until DATETIME(3) NULL,
      events VARCHAR(255) NOT NULL,
      enabled TINYINT NOT NULL DEFAULT 1,
      disabled_reason VARCHAR(255) NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY ix_webhook_destinations_api_key (api_key_id)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE webhook_deliveries (
      id CHAR(36) NOT NULL,
      submission_id CHAR(36) NOT NULL,
      destination_id VARCHAR(36) NOT NULL,
      event_type VARCHAR(64) NOT NULL,
      event_key VARCHAR(64) NOT NULL,
      event_data TEXT NULL,
      status VARCHAR(16) NOT NULL,
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      last_status_code SMALLINT UNSIGNED NULL,
      last_error VARCHAR(1000) NULL,
      created_at DATETIME(3) NOT NULL,
      delivered_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      KEY ix_webhook_deliveries_submission (submission_id, id),
      KEY ix_webhook_deliveries_status (status, id),
      UNIQUE KEY uq_webhook_deliveries_event (submission_id, destination_id, event_key)
    ) ${TABLE_OPTIONS}`);
    await queryRunner.query(`CREATE TABLE webhook_attempts (
      id CHAR(36) NOT NULL,
      delivery_id CHAR(36) NOT NULL,
      status_code SMALLINT UNSIGNED NULL,
      duration_ms INT UNSIGNED NOT NULL,
      error VARCHAR(1000) NULL,
      attempted_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY ix_webhook_attempts_delivery (delivery_id, id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook_attempts');
    await queryRunner.query('DROP TABLE webhook_deliveries');
    await queryRunner.query('DROP TABLE webhook_destinations');
  }
}
