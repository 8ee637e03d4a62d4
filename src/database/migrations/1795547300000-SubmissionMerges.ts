import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merge (issue 42, point 4): a merged submission names the one it went into (`merged_into_id`, whose
 * index lists a target's merged sources), and each message, file and note that moved into another
 * submission keeps where it came from (`merged_from_id`), so erasing the source's requester erases
 * them in the target too. Expand only: nullable columns and indexes, which the previous release
 * neither reads nor writes.
 */
export class SubmissionMerges1795547300000 implements MigrationInterface {
  name = 'SubmissionMerges1795547300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE submissions ADD COLUMN merged_into_id CHAR(36) NULL, ADD KEY ix_submissions_merged_into (merged_into_id)',
    );
    for (const table of ['conversation_messages', 'attachments', 'submission_notes']) {
      await queryRunner.query(
        `ALTER TABLE ${table} ADD COLUMN merged_from_id CHAR(36) NULL, ADD KEY ix_${table}_merged_from (merged_from_id)`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['submission_notes', 'attachments', 'conversation_messages']) {
      await queryRunner.query(`ALTER TABLE ${table} DROP KEY ix_${table}_merged_from, DROP COLUMN merged_from_id`);
    }
    await queryRunner.query('ALTER TABLE submissions DROP KEY ix_submissions_merged_into, DROP COLUMN merged_into_id');
  }
}
