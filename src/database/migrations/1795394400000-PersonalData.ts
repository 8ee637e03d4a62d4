import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal data: a per-key retention override (NULL follows RETENTION_DAYS, 0 keeps forever) and an
 * index for export and erasure by e-mail address (the column's collation compares without case).
 */
export class PersonalData1795394400000 implements MigrationInterface {
  name = 'PersonalData1795394400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN retention_days INT UNSIGNED NULL');
    await queryRunner.query('ALTER TABLE submissions ADD KEY ix_submissions_email (email)');
    await queryRunner.query('ALTER TABLE submissions ADD KEY ix_submissions_status_created (status, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE submissions DROP KEY ix_submissions_status_created');
    await queryRunner.query('ALTER TABLE submissions DROP KEY ix_submissions_email');
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN retention_days');
  }
}
