import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { CLI_ACTOR } from '../src/audit/actor';
import { dropDatabase } from '../src/database/ensure-database';
import { ErasureLog } from '../src/privacy/erasure-log.service';
import { PrivacyModule } from '../src/privacy/privacy.module';
import { PrivacyService } from '../src/privacy/privacy.service';
import { ApiKeyModule } from '../src/api-keys/api-key.module';
import { IntakeModule } from '../src/contact/contact.module';
import { ContactService } from '../src/contact/contact.service';
import { FactHandlersModule } from '../src/fact-handlers.module';
import { QueueModule } from '../src/queue/queue.module';
import { createRoomContext } from './support/room-context';
import { ownDatabase } from './support/own-database';
import { runCli } from './support/processes';
import { staffCookie, newStaffAccount } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

const shell = promisify(execFile);

/** The client options of the operator's guide for this database URL (host, port, user, password). */
function clientOptions(url: string): string {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  return [
    `-h ${parsed.hostname}`,
    `-P ${parsed.port || '3306'}`,
    `-u ${decodeURIComponent(parsed.username) || 'root'}`,
    ...(password ? [`-p'${password}'`] : []),
  ].join(' ');
}

function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/** Runs one line of the runbook as an operator types it. */
async function sh(command: string): Promise<string> {
  return (await shell('sh', ['-c', command], { maxBuffer: 256 * 1024 * 1024 })).stdout;
}

/** The runbook's consistent dump of a running service's database. */
async function dump(url: string, file: string): Promise<void> {
  await sh(
    `mariadb-dump ${clientOptions(url)} --single-transaction --routines --triggers --hex-blob --default-character-set=utf8mb4 ${databaseName(url)} > ${file}`,
  );
}

/** The runbook's restore: an empty database of the service's character set, then the dump into it. */
async function restore(file: string): Promise<string> {
  const url = `${process.env.DATABASE_URL}_restored_${randomBytes(3).toString('hex')}`;
  const name = databaseName(url);
  await sh(
    `mariadb ${clientOptions(url)} -e "CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"`,
  );
  await sh(`mariadb ${clientOptions(url)} ${name} < ${file}`);
  return url;
}

describe('backup and restore', () => {
  let dir: string;
  let live: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  const restored: string[] = [];
  const mark = randomBytes(4).toString('hex');
  // What identifies each person anywhere in a database: the address, the name and the words they sent.
  const ada = { email: `ada.${mark}@example.com`, name: `Ada Byron${mark}`, message: `engines${mark}` };
  const bob = { email: `bob.${mark}@example.org`, name: `Bob Babbage${mark}`, message: `looms${mark}` };
  const adaTraces = [ada.email, ada.name, ada.message, `ada.${mark}`];

  /** Everything a database holds, as the runbook's dump writes it. */
  async function everything(url: string): Promise<string> {
    const file = join(dir, `check-${randomBytes(3).toString('hex')}.sql`);
    await dump(url, file);
    return readFile(file, 'utf8');
  }

  async function expectNoTraceOfAda(url: string): Promise<void> {
    const text = (await everything(url)).toLowerCase();
    for (const trace of adaTraces) {
      expect(text).not.toContain(trace.toLowerCase());
    }
    // Bob is all there.
    for (const trace of [bob.email, bob.name, bob.message, `note on bob ${mark}`]) {
      expect(text).toContain(trace.toLowerCase());
    }
  }

  async function withDataSource<T>(url: string, work: (db: DataSource) => Promise<T>): Promise<T> {
    const db = new DataSource({ type: 'mariadb', url, timezone: 'Z' });
    await db.initialize();
    try {
      return await work(db);
    } finally {
      await db.destroy();
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'backup-restore-'));
    live = await ownDatabase();
    t = await createTestApp({ DATABASE_URL: live.url, ERASURE_LOG_FILE: join(dir, 'erasures.jsonl') });
  });
  afterAll(async () => {
    await t?.close();
    await live?.drop();
    for (const url of restored) {
      await dropDatabase(url);
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('a restored dump never brings back a person erased after it: at start-up and by the command', async () => {
    const account = await newStaffAccount(t, 'Restore Admin', 'admin');
    const admin = await staffCookie(t, account.email);
    const { key } = await t.createKey({ name: 'Restore', rateLimit: 10_000 });
    const { access_token } = await issueTokens(t, key);
    const submit = async (body: object) =>
      (await t.http().post('/contact_api.php').set('Authorization', `Bearer ${access_token}`).send(body).expect(200))
        .body.id as string;
    const note = (id: string, body: string) =>
      t.http().post(`/staff/api/submissions/${id}/notes`).set('Cookie', admin).send({ body }).expect(201);
    const adaFirst = await submit(ada);
    const adaSecond = await submit({ ...ada, email: ada.email.toUpperCase(), message: `${ada.message} again` });
    const bobs = await submit(bob);
    await note(adaFirst, `Called ${ada.name} back`);
    await note(bobs, `Note on Bob ${mark}`);

    // The backup, taken while the service runs.
    const backup = join(dir, 'backup.sql');
    await dump(live.url, backup);

    // Then Ada asks to be erased.
    await t.http().post('/staff/api/privacy/erase').set('Cookie', admin).send({ email: ada.email }).expect(200, {
      erased: 2,
    });
    await expectNoTraceOfAda(live.url);

    // The log, in the database and in its mirror file, holds a keyed hash, never the address.
    const [entry] = await withDataSource(live.url, (db) =>
      db.query<Record<string, unknown>[]>('SELECT * FROM erasure_log'),
    );
    expect(entry).toEqual({
      id: expect.any(String),
      kind: 'email',
      subject_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      key_id: expect.stringMatching(/^[0-9a-f]{16}$/),
      erased_at: expect.any(Date),
    });
    const mirror = await readFile(join(dir, 'erasures.jsonl'), 'utf8');
    expect(
      mirror
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      {
        id: entry.id,
        kind: 'email',
        hash: entry.subject_hash,
        key_id: entry.key_id,
        erased_at: (entry.erased_at as Date).toISOString(),
      },
    ]);
    for (const text of [mirror, JSON.stringify(entry)]) {
      expect(text).not.toContain('@');
      // Her traces, not the three letters: a hex hash holds "ada" now and then.
      for (const trace of adaTraces) {
        expect(text.toLowerCase()).not.toContain(trace.toLowerCase());
      }
    }
    // The runbook's export of the log, taken before restoring, for the command below.
    const exported = join(dir, 'erasure-log.jsonl');
    const env = { DATABASE_URL: live.url, REDIS_PREFIX: t.config.redis.prefix, JWT_SECRET: t.config.auth.jwtSecret };
    expect((await runCli(['privacy', 'erasure-log', '--out', exported], { env })).stdout).toContain(
      'Written 1 erasure(s)',
    );
    expect(await readFile(exported, 'utf8')).toBe(mirror);

    // Restored into an empty database, the dump has Ada back...
    const atStartUp = await restore(backup);
    restored.push(atStartUp);
    const adaRows = (url: string) =>
      withDataSource(url, (db) =>
        db.query<{ id: string }[]>('SELECT id FROM submissions WHERE id IN (?, ?) ORDER BY id', [adaFirst, adaSecond]),
      );
    expect(await adaRows(atStartUp)).toHaveLength(2);
    // ...until the service starts on it with the mirror file: start-up applies the erasure again.
    const started = await createTestApp({
      DATABASE_URL: atStartUp,
      ERASURE_LOG_FILE: join(dir, 'erasures.jsonl'),
      JWT_SECRET: t.config.auth.jwtSecret,
    });
    try {
      await expectNoTraceOfAda(atStartUp);
      const cookie = await staffCookie(started, account.email);
      await started.http().get(`/staff/api/submissions/${bobs}`).set('Cookie', cookie).expect(200);
      await started.http().get(`/staff/api/submissions/${adaFirst}`).set('Cookie', cookie).expect(404);
    } finally {
      await started.close();
    }
    const reapplied = await withDataSource(atStartUp, (db) =>
      db.query<{ action: string; after: string }[]>(
        "SELECT action, `after` FROM audit_events WHERE action = 'privacy.erasure_reapplied'",
      ),
    );
    expect(reapplied.map((event) => JSON.parse(event.after) as unknown)).toEqual([
      { email_hash: entry.subject_hash, key_id: entry.key_id, submissions: 2 },
    ]);

    // The other way: the command, with the export. A submission of Ada's made after her erasure (here:
    // one whose time says so) is hers to keep.
    const byCommand = await restore(backup);
    restored.push(byCommand);
    await withDataSource(byCommand, (db) =>
      db.query('UPDATE submissions SET created_at = NOW(3) + INTERVAL 1 DAY WHERE id = ?', [adaSecond]),
    );
    const topUp = join(dir, 'new-mirror.jsonl');
    const reapply = () =>
      runCli(['privacy', 'reapply-erasures', '--from', exported], {
        env: { ...env, DATABASE_URL: byCommand, ERASURE_LOG_FILE: topUp },
      });
    expect((await reapply()).stdout).toContain('Applied 1 erasure(s) again: 1 submission(s) erased.');
    expect((await adaRows(byCommand)).map((row) => row.id)).toEqual([adaSecond]);
    // Once applied, the entry is in this database too: a second run changes nothing.
    expect((await reapply()).stdout).toContain('Applied 0 erasure(s) again: 0 submission(s) erased.');
    // And the mirror file it was given got the database's log.
    expect(await readFile(topUp, 'utf8')).toBe(mirror);
  });

  it('applies again under encryption at rest, its hashes keyed by EMAIL_HASH_KEY, and says when the key is not there', async () => {
    const own = await ownDatabase();
    const settings = {
      DATABASE_URL: own.url,
      DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      EMAIL_HASH_KEY: randomBytes(32).toString('base64'),
    };
    // No route is asked here: the intake, the erasure and its log, sealed at rest, as rooms without the app.
    const sealed = await createRoomContext(
      [QueueModule, FactHandlersModule, ApiKeyModule, IntakeModule, PrivacyModule],
      settings,
    );
    try {
      const { id: apiKeyId } = await sealed.createKey({ name: 'Sealed', rateLimit: 10_000 });
      // Taken in as the route takes a submission in (a new key's spam filter is on).
      const submit = (body: typeof ada) =>
        sealed.app
          .get(ContactService, { strict: false })
          .submit(body, { apiKeyId, spamFilter: true, clientIp: '127.0.0.1' });
      const adas = [await submit(ada), await submit(ada)];
      const bobs = await submit(bob);
      const backup = join(dir, 'sealed.sql');
      await dump(own.url, backup);
      expect(await readFile(backup, 'utf8')).not.toContain(ada.email);

      expect(await sealed.app.get(PrivacyService).erase(ada.email, CLI_ACTOR)).toEqual({ erased: 2 });
      const exported = join(dir, 'sealed-erasures.jsonl');
      await writeFile(exported, (await sealed.app.get(ErasureLog).export()).join(''));
      // Keyed apart from JWT_SECRET: not the audit trail's hash of the same address.
      const [{ after }] = await withDataSource(own.url, (db) =>
        db.query<{ after: string }[]>("SELECT `after` FROM audit_events WHERE action = 'privacy.erased'"),
      );
      expect(
        (await readFile(exported, 'utf8')).includes((JSON.parse(after) as { email_hash: string }).email_hash),
      ).toBe(false);

      const url = await restore(backup);
      restored.push(url);
      const env = { ...settings, DATABASE_URL: url, REDIS_PREFIX: sealed.config.redis.prefix };
      const reapply = (extra: Record<string, string> = {}) =>
        runCli(['privacy', 'reapply-erasures', '--from', exported], { env: { ...env, ...extra } });
      // Another EMAIL_HASH_KEY cannot match the entry: it says so and erases nothing.
      // ... and ends with an error, so a runbook does not read it as done.
      await expect(reapply({ EMAIL_HASH_KEY: randomBytes(32).toString('base64') })).rejects.toThrow(
        'error: 1 erasure(s) were hashed under a key this installation does not have and were not applied: ' +
          'set the EMAIL_HASH_KEY (or JWT_SECRET) they were made under and run this again',
      );
      expect((await reapply()).stdout).toContain('Applied 1 erasure(s) again: 2 submission(s) erased.');
      const left = await withDataSource(url, (db) =>
        db.query<{ id: string }[]>('SELECT id FROM submissions WHERE id IN (?) ORDER BY id', [[...adas, bobs]]),
      );
      expect(left.map((row) => row.id)).toEqual([bobs]);
    } finally {
      await sealed.close();
      await own.drop();
    }
  });

  it('refuses, naming the file, a mirror file it cannot write and an export it cannot read', async () => {
    const env = { DATABASE_URL: live.url, REDIS_PREFIX: t.config.redis.prefix };
    await expect(
      runCli(['privacy', 'reapply-erasures'], { env: { ...env, ERASURE_LOG_FILE: join(dir, 'no-such-dir', 'log') } }),
    ).rejects.toThrow(`error: ERASURE_LOG_FILE: cannot append to ${join(dir, 'no-such-dir', 'log')}: ENOENT`);
    await expect(
      runCli(['privacy', 'reapply-erasures', '--from', join(dir, 'mistyped.jsonl')], { env }),
    ).rejects.toThrow(`error: cannot read the erasure log ${join(dir, 'mistyped.jsonl')}: ENOENT`);
  });
});
