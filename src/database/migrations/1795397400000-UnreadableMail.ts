import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail the parser could not read within its budget (issue 36) is kept beside unmatched mail, with the
 * reason: NULL for mail that only matched nothing. Expand only: the previous release never reads the
 * column and writes its rows without it (NULL: unmatched, which is what they are).
 */
export class UnreadableMail1795397400000 implements MigrationInterface {
  name = 'UnreadableMail1795397400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE inbound_unmatched ADD COLUMN reason VARCHAR(32) NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE inbound_unmatched DROP COLUMN reason`);
  }
}
