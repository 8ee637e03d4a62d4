import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { IntakeModule } from '../src/contact/contact.module';
import { ContactService } from '../src/contact/contact.service';
import { FactHandlersModule } from '../src/fact-handlers.module';
import { PrivacyModule } from '../src/privacy/privacy.module';
import { StaffAccountsModule } from '../src/staff-accounts/staff-accounts.module';
import { PERSONAL_DATA_ORDER, PersonalDataPorts } from '../src/privacy/personal-data-ports';
import { SubmissionDeletion } from '../src/privacy/submission-deletion.service';
import { newStaffAccount } from './support/staff';
import { createRoomContext, RoomContext } from './support/room-context';
import { inRole, Role } from './support/roles';

/** The personal-data ports a role finds (init runs the ports' start-up check). */
const portsOf = (role: Role): Promise<string[]> => inRole(role, (context) => context.get(PersonalDataPorts).holders());

/**
 * One row of each table that keeps rows per submission, written as a room would leave it: the tables
 * a deletion must empty of the submission. A new table with a `submission_id` gets a line here (and its
 * room a port), or the last test fails.
 */
function seedRows(
  id: string,
  other: string,
  apiKeyId: string,
  authorId: string,
  { deliveryId, fileId }: { deliveryId: string; fileId: string },
): Record<string, [string, unknown[]][]> {
  const now = new Date();
  return {
    submission_notes: [
      [
        'INSERT INTO submission_notes (id, submission_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
        [randomUUID(), id, authorId, 'a note', now],
      ],
      // Moved by a merge into another submission: still this one's (merged_from_id).
      [
        'INSERT INTO submission_notes (id, submission_id, merged_from_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [randomUUID(), other, id, authorId, 'a moved note', now],
      ],
    ],
    submission_tags: [
      ['INSERT INTO submission_tags (submission_id, tag_key, tag, position) VALUES (?, ?, ?, 0)', [id, 'vip', 'VIP']],
    ],
    submission_deliveries: [
      ['INSERT INTO submission_deliveries (submission_id, channel) VALUES (?, ?)', [id, 'email']],
    ],
    webhook_deliveries: [
      [
        'INSERT INTO webhook_deliveries (id, submission_id, destination_id, event_type, event_key, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [deliveryId, id, randomUUID(), 'status_changed', randomUUID().slice(0, 32), 'pending', now],
      ],
      [
        'INSERT INTO webhook_attempts (id, delivery_id, duration_ms, attempted_at) VALUES (?, ?, 1, ?)',
        [randomUUID(), deliveryId, now],
      ],
    ],
    conversation_messages: [
      [
        'INSERT INTO conversation_messages (id, submission_id, kind, state, message_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), id, 'inbound', 'received', `<${randomUUID()}@example.org>`, 'words', now],
      ],
      [
        'INSERT INTO conversation_messages (id, submission_id, merged_from_id, kind, state, message_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), other, id, 'inbound', 'received', `<${randomUUID()}@example.org>`, 'moved words', now],
      ],
    ],
    attachments: [
      [
        'INSERT INTO attachments (id, submission_id, name, type, size, state, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)',
        [fileId, id, 'a.txt', 'text/plain', 'stored', now],
      ],
      ['INSERT INTO attachment_chunks (attachment_id, seq, data) VALUES (?, 0, ?)', [fileId, Buffer.from('a')]],
      [
        'INSERT INTO attachments (id, submission_id, merged_from_id, name, type, size, state, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
        [randomUUID(), other, id, 'b.txt', 'text/plain', 'stored', now],
      ],
    ],
    staff_notices: [
      [
        'INSERT INTO staff_notices (id, kind, source_id, submission_id, state, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [randomUUID(), 'assignment', randomUUID(), id, 'queued', now],
      ],
    ],
    submission_field_values: [
      [
        'INSERT INTO submission_field_values (submission_id, name, position, value_key) VALUES (?, ?, 0, ?)',
        [id, 'product', 'Pro'],
      ],
    ],
    satisfaction_surveys: [
      [
        'INSERT INTO satisfaction_surveys (id, submission_id, api_key_id, mail_state, surveyed_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        [randomUUID(), id, apiKeyId, 'sent', now, now],
      ],
    ],
  };
}

describe('personal data ports', () => {
  it('finds every room that keeps rows per submission in the API, the worker and the CLI', async () => {
    for (const role of ['api', 'worker', 'cli'] as const) {
      expect({ role, ports: await portsOf(role) }).toEqual({ role, ports: PERSONAL_DATA_ORDER });
    }
  }, 60_000);

  describe('a deletion', () => {
    // The middle tier: the intake, the deletion and every room's port, without the HTTP app.
    let t: RoomContext;
    let db: DataSource;

    beforeAll(async () => {
      t = await createRoomContext([IntakeModule, PrivacyModule, FactHandlersModule, StaffAccountsModule]);
      db = t.app.get(DataSource);
    });

    afterAll(async () => {
      await t.close();
    });

    it("leaves no row of a deleted submission in any room's table, nor what a merge moved from it", async () => {
      const { id: apiKeyId } = await t.createKey({ name: 'ports' });
      // The intake the route uses, as the inbound mail path calls it.
      const submit = (name: string) =>
        t.app
          .get(ContactService)
          .submit(
            { name, email: 'ports@example.org', message: 'hello' },
            { apiKeyId, spamFilter: false, clientIp: '127.0.0.1' },
          );
      const [id, other] = [await submit('Deleted'), await submit('Kept')];
      const author = await newStaffAccount(t, 'Ports author');
      const children = { deliveryId: randomUUID(), fileId: randomUUID() };
      const seeded = seedRows(id, other, apiKeyId, author.id, children);
      for (const [sql, values] of Object.values(seeded).flat()) {
        await db.query(sql, values);
      }
      // Every table with a submission_id is seeded (a new one needs a port and a line in seedRows).
      const columns = await db.query<{ table: string; column: string }[]>(
        `SELECT TABLE_NAME AS \`table\`, COLUMN_NAME AS \`column\` FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND COLUMN_NAME IN ('submission_id', 'merged_from_id')`,
      );
      expect([...new Set(columns.map((c) => c.table))].sort()).toEqual(Object.keys(seeded).sort());
      const left = async () => {
        const counts: Record<string, number> = {};
        for (const { table, column } of columns) {
          const [row] = await db.query<{ n: string }[]>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [id]);
          counts[`${table}.${column}`] = Number(row.n);
        }
        return counts;
      };
      expect(Object.values(await left()).every((n) => n > 0)).toBe(true);

      expect(await t.app.get(SubmissionDeletion).delete([id])).toBe(1);

      expect(await left()).toEqual(Object.fromEntries(columns.map(({ table, column }) => [`${table}.${column}`, 0])));
      // Rows hanging on those rows (a delivery's attempts, a file's pieces) go with them.
      const [pieces] = await db.query<{ attempts: string; chunks: string }[]>(
        `SELECT (SELECT COUNT(*) FROM webhook_attempts WHERE delivery_id = ?) AS attempts,
                (SELECT COUNT(*) FROM attachment_chunks WHERE attachment_id = ?) AS chunks`,
        [children.deliveryId, children.fileId],
      );
      expect({ attempts: Number(pieces.attempts), chunks: Number(pieces.chunks) }).toEqual({ attempts: 0, chunks: 0 });
      expect(await db.query('SELECT id FROM submissions WHERE id IN (?) ORDER BY id', [[id, other]])).toEqual([
        { id: other },
      ]);
    });
  });
});
