import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spam filter (issue 27): why a submission was flagged at intake, and each key's switch (on by
 * default, so existing keys are filtered from now on).
 */
export class SpamFilter1795397100000 implements MigrationInterface {
  name = 'SpamFilter1795397100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE submissions ADD COLUMN spam_reasons VARCHAR(100) NULL');
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN spam_filter TINYINT NOT NULL DEFAULT 1');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN spam_filter');
    await queryRunner.query('ALTER TABLE submissions DROP COLUMN spam_reasons');
  }
}
