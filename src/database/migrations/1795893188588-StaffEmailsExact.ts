import { domainToASCII } from 'node:url';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff addresses compared exactly (issue 53, D1 and D2): the table's collation compares without
 * accents and width, so `ädmin@`, `ａｄｍｉｎ@` or `admin@exämple.test` found `admin@example.test`'s
 * account at sign-in and single sign-on. From here on `email` holds each address in its one spelling
 * (src/staff-accounts/staff-email.ts: NFC, lower case, the domain as A-labels) and is compared byte for
 * byte (utf8mb4_bin), so the unique key and every lookup see exactly that spelling.
 *
 * Existing rows are brought to that spelling here. Two accounts that come out the same, or an address
 * with an invisible or control character (which no staff address may hold any more), stop the
 * migration with the ids to fix by hand: merging or renaming accounts is an operator's decision.
 *
 * The previous release reads the column as before (it looks addresses up trimmed and lower-cased,
 * which an ASCII address still is); only an IDN domain now reads as its A-label.
 */
export class StaffEmailsExact1795893188588 implements MigrationInterface {
  name = 'StaffEmailsExact1795893188588';

  /**
   * staff-email.ts's normalizeStaffEmail as it was when this migration was written: a migration keeps
   * the rule it was written with (and src/database imports no room). test/migrations.e2e-spec.ts
   * checks the two still agree.
   */
  static normalized(raw: string): string | null {
    const trimmed = raw.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
    if (
      !trimmed.isWellFormed() ||
      /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}\p{Default_Ignorable_Code_Point}]/u.test(trimmed)
    ) {
      return null;
    }
    const at = trimmed.lastIndexOf('@');
    if (at <= 0 || at === trimmed.length - 1) {
      return null;
    }
    const local = trimmed.slice(0, at).normalize('NFC').toLowerCase().normalize('NFC');
    const domain = domainToASCII(trimmed.slice(at + 1).normalize('NFC'));
    const address = `${local}@${domain}`;
    return domain === '' || address.length > 254 ? null : address;
  }

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query('SELECT id, email FROM staff_accounts')) as { id: string; email: string }[];
    const changed: { id: string; email: string }[] = [];
    const owners = new Map<string, string[]>();
    const hidden: string[] = [];
    for (const row of rows) {
      const email = StaffEmailsExact1795893188588.normalized(row.email);
      if (email === null) {
        hidden.push(row.id);
        continue;
      }
      owners.set(email, [...(owners.get(email) ?? []), row.id]);
      if (email !== row.email) {
        changed.push({ id: row.id, email });
      }
    }
    const clashes = [...owners.values()].filter((ids) => ids.length > 1);
    if (hidden.length > 0 || clashes.length > 0) {
      throw new Error(
        [
          'Staff addresses are compared exactly from this release on, and some existing ones cannot be:',
          ...hidden.map((id) => `  staff account ${id}: its address holds an invisible or control character`),
          ...clashes.map((ids) => `  staff accounts ${ids.join(', ')}: the same address once normalised`),
          'Change the address of one of each (UPDATE staff_accounts SET email = ... WHERE id = ...) or delete it, then run the migrations again.',
        ].join('\n'),
      );
    }
    // Binary first: it tells apart everything the old collation did, so the unique key holds throughout.
    await queryRunner.query(
      'ALTER TABLE staff_accounts MODIFY email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL',
    );
    for (const row of changed) {
      await queryRunner.query('UPDATE staff_accounts SET email = ? WHERE id = ?', [row.email, row.id]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Addresses stay in their one spelling; two that the old collation takes for one stop the way back.
    const clashes = (await queryRunner.query(
      `SELECT a.id AS first, b.id AS second FROM staff_accounts a JOIN staff_accounts b
        ON a.email COLLATE utf8mb4_unicode_ci = b.email COLLATE utf8mb4_unicode_ci AND a.id < b.id`,
    )) as { first: string; second: string }[];
    if (clashes.length > 0) {
      throw new Error(
        `Staff accounts the previous collation takes for one address: ${clashes
          .map(({ first, second }) => `${first} and ${second}`)
          .join('; ')}. Change or delete one of each, then revert again.`,
      );
    }
    await queryRunner.query(
      'ALTER TABLE staff_accounts MODIFY email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL',
    );
  }
}
