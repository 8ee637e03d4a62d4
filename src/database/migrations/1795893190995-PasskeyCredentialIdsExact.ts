import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkey credential ids compared exactly (issue 53, D7): a credential id is base64url, where `A` and
 * `a` are different bytes, but the table's case-insensitive collation made `AbC` and `aBc` one key, so
 * registering another account's id with its letters' case swapped hit the unique index (a 500) and a
 * sign-in could find the wrong passkey. A binary collation compares the bytes as the authenticator
 * gave them. `down` fails if two ids now differ only in case (they would clash again).
 */
export class PasskeyCredentialIdsExact1795893190995 implements MigrationInterface {
  name = 'PasskeyCredentialIdsExact1795893190995';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE staff_passkeys MODIFY credential_id VARCHAR(512) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE staff_passkeys MODIFY credential_id VARCHAR(512) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL',
    );
  }
}
