import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook signing secrets sealed at rest like personal fields (issue 24): the key id beside them
 * (`enc_key_id`, null = clear, which every existing row is until `privacy reencrypt` moves it), and
 * room for a sealed value of any Standard Webhooks secret (`whsec_` + base64 of up to 64 bytes: 94
 * characters, sealed 164).
 */
export class SealedWebhookSecrets1795395900000 implements MigrationInterface {
  name = 'SealedWebhookSecrets1795395900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE webhook_destinations
      MODIFY secret VARCHAR(255) NOT NULL,
      MODIFY previous_secret VARCHAR(255) NULL,
      ADD COLUMN enc_key_id VARCHAR(16) NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Sealed secrets do not fit the old width, and would not sign anyway: they cannot go back.
    const [{ sealed }] = (await queryRunner.query(
      'SELECT COUNT(*) AS sealed FROM webhook_destinations WHERE enc_key_id IS NOT NULL',
    )) as { sealed: string }[];
    if (Number(sealed) > 0) {
      throw new Error(
        `${sealed} webhook destination(s) have sealed secrets: rotate them with DATA_ENCRYPTION_KEYS unset first`,
      );
    }
    await queryRunner.query(`ALTER TABLE webhook_destinations
      DROP COLUMN enc_key_id,
      MODIFY secret VARCHAR(128) NOT NULL,
      MODIFY previous_secret VARCHAR(128) NULL`);
  }
}
