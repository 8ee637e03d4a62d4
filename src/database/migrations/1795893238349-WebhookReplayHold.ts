import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a webhook delivery was last replayed by staff (issue 53): a replay within a few seconds of the
 * last one is refused by the same conditional UPDATE that starts it, so a double click sends once,
 * even when the first replay's attempt has already finished.
 */
export class WebhookReplayHold1795893238349 implements MigrationInterface {
  name = 'WebhookReplayHold1795893238349';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE webhook_deliveries ADD COLUMN last_replayed_at DATETIME(3) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE webhook_deliveries DROP COLUMN last_replayed_at');
  }
}
