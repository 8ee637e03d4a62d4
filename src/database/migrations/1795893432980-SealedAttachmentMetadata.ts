import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A file's hash and media type sealed at rest like its name (issue 53): room for their sealed values
 * (a 64-character hash seals to 124 characters, a 255-character type to 380). Rows stored before keep
 * them in clear, and open as they are, until `privacy reencrypt` seals them (SEALED_LATER).
 */
export class SealedAttachmentMetadata1795893432980 implements MigrationInterface {
  name = 'SealedAttachmentMetadata1795893432980';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE attachments
      MODIFY sha256 VARCHAR(128) NULL,
      MODIFY type VARCHAR(384) NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Sealed values do not fit the old widths: they must be moved back to clear first.
    const [{ sealed }] = (await queryRunner.query(
      'SELECT COUNT(*) AS sealed FROM attachments WHERE CHAR_LENGTH(sha256) > 64 OR CHAR_LENGTH(type) > 255',
    )) as { sealed: string }[];
    if (Number(sealed) > 0) {
      throw new Error(
        `${sealed} attachment(s) have a sealed hash or type: run \`privacy reencrypt\` with the keys unset first`,
      );
    }
    await queryRunner.query(`ALTER TABLE attachments
      MODIFY sha256 CHAR(64) NULL,
      MODIFY type VARCHAR(255) NOT NULL`);
  }
}
