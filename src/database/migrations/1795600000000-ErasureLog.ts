import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The erasure log (issue 43, point 4): one row per erasure, keyed hashes only, so erasures made after
 * a backup can be applied again when it is restored. Expand only: a new table, which the previous
 * release never reads.
 */
export class ErasureLog1795600000000 implements MigrationInterface {
  name = 'ErasureLog1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE erasure_log (
      id CHAR(36) NOT NULL,
      kind VARCHAR(16) NOT NULL,
      subject_hash CHAR(64) NOT NULL,
      key_id CHAR(16) NOT NULL,
      erased_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE erasure_log');
  }
}
