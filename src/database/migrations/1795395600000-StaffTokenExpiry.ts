import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff API tokens expire (issue 24): tokens made before this migration keep working for 90 days from
 * now rather than stopping at once, so automation has time to get new ones.
 */
export class StaffTokenExpiry1795395600000 implements MigrationInterface {
  name = 'StaffTokenExpiry1795395600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE staff_tokens ADD expires_at DATETIME(3) NULL');
    await queryRunner.query(
      'UPDATE staff_tokens SET expires_at = DATE_ADD(UTC_TIMESTAMP(3), INTERVAL 90 DAY) WHERE revoked_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE staff_tokens DROP COLUMN expires_at');
  }
}
