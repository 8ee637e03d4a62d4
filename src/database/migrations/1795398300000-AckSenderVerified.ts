import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Acknowledgements that cannot be made a mail cannon (issue 36, point 3): a submission made from
 * inbound mail records whether the trusted receiving server vouched for its sender's domain (DMARC, or
 * aligned SPF), decided at intake where the headers are; the worker acknowledges it only if so. Null
 * for every other submission (the public API), which keeps its acknowledgement.
 */
export class AckSenderVerified1795398300000 implements MigrationInterface {
  name = 'AckSenderVerified1795398300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE submissions ADD COLUMN sender_verified TINYINT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE submissions DROP COLUMN sender_verified');
  }
}
