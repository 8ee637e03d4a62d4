import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { AttachmentsRepository } from '../src/attachments/attachments.repository';
import { CLI_ACTOR } from '../src/audit/actor';
import { PrivacyService } from '../src/privacy/privacy.service';
import { WebhooksRepository } from '../src/webhooks/webhooks.repository';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { runCli, spawnCli } from './support/processes';

const run = promisify(execFile);
const K1 = `k1:${randomBytes(32).toString('base64')}`;
const K2 = `k2:${randomBytes(32).toString('base64')}`;
const HASH_KEY = randomBytes(32).toString('base64');

/** What a person sent: each value must never appear in a column, and always through the API. */
const ADA = {
  name: 'Ada Lovelace',
  email: 'Ada.Lovelace@Example.org',
  phone: '+44 20 7946 0958',
  business: 'Analytical Engines Ltd',
  message: 'Please call about the difference engine',
};
const NOTE = 'Called back; she wants a quotation';
// Pieces of four or more characters: a three-letter one ("Ada") turned up by chance, case folded, in
// the hex of a UUIDv7 or of the e-mail hash, or in base64 ciphertext, in about one run in ten.
const PLAIN_PIECES = ['Lovelace', 'ada.l', 'example.org', '7946', 'Analytical', 'difference', 'quotation'];

async function signedInAdmin(t: TestApp): Promise<string> {
  const account = await newStaffAccount(t, 'Encryption Admin', 'admin');
  return staffCookie(t, account.email);
}

async function submitter(t: TestApp) {
  const { key } = await t.createKey({ rateLimit: 100_000 });
  const { access_token } = await issueTokens(t, key);
  return async (body: object): Promise<string> =>
    (await t.http().post('/contact_api.php').set('Authorization', `Bearer ${access_token}`).send(body).expect(200)).body
      .id as string;
}

describe('encryption at rest (DATA_ENCRYPTION_KEYS)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: DataSource;
  const apps: TestApp[] = [];
  const start = async (keys: string | undefined, more: Record<string, string> = {}) => {
    const t = await createTestApp({
      DATABASE_URL: database.url,
      ...(keys ? { DATA_ENCRYPTION_KEYS: keys } : {}),
      ...more,
    });
    apps.push(t);
    return t;
  };
  const cli = (args: string[], keys: string) =>
    runCli([...args], {
      env: { ...process.env, DATABASE_URL: database.url, REDIS_PREFIX: uniquePrefix(), DATA_ENCRYPTION_KEYS: keys },
    });
  const notOnKey = async (keyId: string) => {
    const [submissions] = await db.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM submissions WHERE enc_key_id IS NULL OR enc_key_id <> ?',
      [keyId],
    );
    const [notes] = await db.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM submission_notes WHERE enc_key_id IS NULL OR enc_key_id <> ?',
      [keyId],
    );
    const [hooks] = await db.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM webhook_destinations WHERE enc_key_id IS NULL OR enc_key_id <> ?',
      [keyId],
    );
    return Number(submissions.n) + Number(notes.n) + Number(hooks.n);
  };

  beforeAll(async () => {
    // A database of its own: re-encryption walks whole tables.
    database = await ownDatabase();
  });
  afterAll(async () => {
    for (const t of apps) {
      await t.close();
    }
    await database.drop();
  });

  it('stores personal fields and notes sealed, and shows them in clear through the staff API, export and CSV', async () => {
    const t = await start(K1);
    db = t.app.get(DataSource);
    const admin = await signedInAdmin(t);
    const id = await (await submitter(t))(ADA);
    await t.http().post(`/staff/api/submissions/${id}/notes`).set('Cookie', admin).send({ body: NOTE }).expect(201);

    // Plain SQL sees ciphertext only, with the key id beside it.
    const [row] = await db.query<Record<string, unknown>[]>('SELECT * FROM submissions WHERE id = ?', [id]);
    const [note] = await db.query<Record<string, unknown>[]>('SELECT * FROM submission_notes WHERE submission_id = ?', [
      id,
    ]);
    expect(row.enc_key_id).toBe('k1');
    expect(note.enc_key_id).toBe('k1');
    // Every stored value but the identifiers and the keyed e-mail hash (hex, never personal text).
    const stored = JSON.stringify(
      [row, note].map((record) => Object.entries(record).filter(([column]) => !/(^id|_id|_hash)$/.test(column))),
    );
    for (const piece of PLAIN_PIECES) {
      expect({ piece, found: stored.toLowerCase().includes(piece.toLowerCase()) }).toEqual({ piece, found: false });
    }
    for (const column of ['name', 'email', 'phone', 'business', 'message']) {
      expect(Buffer.from(row[column] as string, 'base64')[0]).toBe(1);
    }

    const detail = await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', admin).expect(200);
    expect(detail.body).toMatchObject({ ...ADA, notes: [expect.objectContaining({ body: NOTE })] });

    // Words are not searchable any more, and the list says so; an exact address still is.
    const words = await t.http().get('/staff/api/submissions?q=difference').set('Cookie', admin).expect(200);
    expect(words.body).toEqual({ items: [], next_cursor: null, search: 'unavailable: encrypted' });
    const byAddress = await t
      .http()
      .get(`/staff/api/submissions?q=${encodeURIComponent('  ada.lovelace@EXAMPLE.ORG ')}`)
      .set('Cookie', admin)
      .expect(200);
    expect(byAddress.body.items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect(byAddress.body.items[0].name).toBe(ADA.name);

    const exported = await t
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', admin)
      .send({ email: 'ADA.lovelace@example.ORG' })
      .expect(200);
    expect(exported.body.submissions).toHaveLength(1);
    expect(exported.body.submissions[0]).toMatchObject({ ...ADA, notes: [expect.objectContaining({ body: NOTE })] });

    const csv = await t.http().get('/staff/api/submissions/export.csv').set('Cookie', admin).expect(200);
    expect(csv.text).toContain(ADA.message);
  });

  it('shows a value copied to another row as unreadable instead of opening it', async () => {
    const t = apps[0];
    const admin = await signedInAdmin(t);
    const submit = await submitter(t);
    const [victim, other] = [await submit(ADA), await submit({ name: 'Someone Else' })];
    await db.query('UPDATE submissions o JOIN submissions v ON v.id = ? SET o.name = v.name WHERE o.id = ?', [
      victim,
      other,
    ]);
    const response = await t.http().get(`/staff/api/submissions/${other}`).set('Cookie', admin).expect(200);
    expect(response.body).toMatchObject({
      id: other,
      name: '',
      unreadable: 'name: authentication failed (a wrong key, or moved or altered)',
    });
    // The victim's own row still opens.
    await t
      .http()
      .get(`/staff/api/submissions/${victim}`)
      .set('Cookie', admin)
      .expect(200)
      .expect((ok) => expect(ok.body.name).toBe(ADA.name));
    await db.query('DELETE FROM submissions WHERE id = ?', [other]);
  });

  it('lists, shows, exports and erases around a row that does not open, and says why', async () => {
    const t = await start(K1, { EMAIL_HASH_KEY: HASH_KEY });
    const admin = await signedInAdmin(t);
    const submit = await submitter(t);
    const email = 'tampered.person@example.org';
    const [good, bad] = [await submit({ ...ADA, email }), await submit({ ...ADA, email, name: 'Tampered Row' })];
    const note = (await t.http().post(`/staff/api/submissions/${bad}/notes`).set('Cookie', admin).send({ body: NOTE }))
      .body.id as string;
    // One flipped character in the sealed message and note body.
    const flip = "CONCAT(LEFT(v, 10), IF(SUBSTRING(v, 11, 1) = 'A', 'B', 'A'), SUBSTRING(v, 12))";
    await db.query(`UPDATE submissions SET message = ${flip.replace(/v/g, 'message')} WHERE id = ?`, [bad]);
    await db.query(`UPDATE submission_notes SET body = ${flip.replace(/v/g, 'body')} WHERE id = ?`, [note]);
    const reason = 'message: authentication failed (a wrong key, or moved or altered)';

    const list = await t.http().get('/staff/api/submissions?limit=100').set('Cookie', admin).expect(200);
    const listed = (id: string) => list.body.items.find((item: { id: string }) => item.id === id);
    expect(listed(bad)).toMatchObject({ name: 'Tampered Row', email, message: null, unreadable: reason });
    expect(listed(good)).toMatchObject({ name: ADA.name, message: ADA.message });
    expect(listed(good)).not.toHaveProperty('unreadable');

    const detail = await t.http().get(`/staff/api/submissions/${bad}`).set('Cookie', admin).expect(200);
    expect(detail.body).toMatchObject({ unreadable: reason, message: null });
    expect(detail.body.notes).toEqual([
      expect.objectContaining({
        id: note,
        body: '',
        unreadable: 'body: authentication failed (a wrong key, or moved or altered)',
      }),
    ]);

    const csv = await t.http().get('/staff/api/submissions/export.csv').set('Cookie', admin).expect(200);
    expect(csv.text).toContain(`${good},`);
    const badLine = csv.text.split('\r\n').find((line) => line.startsWith(`${bad},`));
    // Quoted: the reason has commas.
    expect(badLine).toContain(`,"${reason}"`);

    const exported = await t.http().post('/staff/api/privacy/export').set('Cookie', admin).send({ email }).expect(200);
    expect(
      exported.body.submissions.map((row: { id: string; unreadable?: string }) => [row.id, row.unreadable]),
    ).toEqual([
      [good, undefined],
      [bad, reason],
    ]);

    expect(
      (await t.http().post('/staff/api/privacy/erase').set('Cookie', admin).send({ email }).expect(200)).body,
    ).toEqual({
      erased: 2,
    });
    expect(await db.query('SELECT id FROM submissions WHERE id IN (?)', [[good, bad]])).toEqual([]);
  });

  it('with the key removed from DATA_ENCRYPTION_KEYS: the rows show as unreadable and are erased by address', async () => {
    const before = await start(K1, { EMAIL_HASH_KEY: HASH_KEY });
    const email = 'Removed.Key@Example.org';
    const id = await (await submitter(before))({ ...ADA, email });
    const t = await start(K2, { EMAIL_HASH_KEY: HASH_KEY });
    const admin = await signedInAdmin(t);
    const reason = 'name, email, phone, business, message: the key "k1" is not in DATA_ENCRYPTION_KEYS';

    const list = await t.http().get('/staff/api/submissions?limit=100').set('Cookie', admin).expect(200);
    expect(list.body.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      name: '',
      email: null,
      message: null,
      unreadable: reason,
    });
    const csv = await t.http().get('/staff/api/submissions/export.csv').set('Cookie', admin).expect(200);
    expect(csv.text).toContain(`"${reason.replace(/"/g, '""')}"`);
    const exported = await t
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', admin)
      .send({ email: 'removed.key@example.ORG' })
      .expect(200);
    expect(exported.body.submissions).toEqual([expect.objectContaining({ id, unreadable: reason })]);
    expect(
      (await t.http().post('/staff/api/privacy/erase').set('Cookie', admin).send({ email }).expect(200)).body,
    ).toEqual({ erased: 1 });
    expect(await db.query('SELECT id FROM submissions WHERE id = ?', [id])).toEqual([]);
  });

  it('seals webhook signing secrets, opens them for signing, and rotation seals both', async () => {
    const t = await start(K1);
    const admin = await signedInAdmin(t);
    const added = await t
      .http()
      .post('/staff/api/webhooks')
      .set('Cookie', admin)
      .send({ url: 'https://hooks.example.com/intake' })
      .expect(201);
    const secret = added.body.secret as string;
    const [row] = await db.query<Record<string, string | null>[]>('SELECT * FROM webhook_destinations WHERE id = ?', [
      added.body.id,
    ]);
    expect(row.enc_key_id).toBe('k1');
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length, 20));
    expect(Buffer.from(row.secret!, 'base64')[0]).toBe(1);
    expect((await t.app.get(WebhooksRepository).findDestination(added.body.id))?.secret).toBe(secret);

    const rotated = await t
      .http()
      .post(`/staff/api/webhooks/${added.body.id}/rotate-secret`)
      .set('Cookie', admin)
      .send({})
      .expect(200);
    const [after] = await db.query<Record<string, string | null>[]>('SELECT * FROM webhook_destinations WHERE id = ?', [
      added.body.id,
    ]);
    expect(JSON.stringify(after)).not.toContain(secret.slice('whsec_'.length, 20));
    expect(JSON.stringify(after)).not.toContain((rotated.body.secret as string).slice('whsec_'.length, 20));
    const opened = await t.app.get(WebhooksRepository).findDestination(added.body.id);
    expect([opened?.secret, opened?.previousSecret]).toEqual([rotated.body.secret, secret]);
    await db.query('DELETE FROM webhook_destinations WHERE id = ?', [added.body.id]);
  });

  it("seals an upload's name, hash and type, keeps its size clear; privacy reencrypt seals those of older rows (issue 53, D5)", async () => {
    const t = await start(K1);
    // Run alone (-t), the first test has not set it.
    db ??= t.app.get(DataSource);
    const admin = await signedInAdmin(t);
    const bytes = Buffer.from('Lovelace quotation for the difference engine');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const uploaded = await t
      .http()
      .post('/staff/api/uploads')
      .query({ name: 'Lovelace-quotation.pdf' })
      .set('Cookie', admin)
      .set('Content-Type', 'application/octet-stream')
      .send(bytes)
      .expect(201);
    expect(uploaded.body).toMatchObject({ name: 'Lovelace-quotation.pdf', sha256, size: bytes.length });
    const id = uploaded.body.id as string;
    const raw = async () =>
      (
        await db.query<Record<string, string | number | null>[]>(
          'SELECT name, sha256, type, size, enc_key_id FROM attachments WHERE id = ?',
          [id],
        )
      )[0];
    const stored = await raw();
    expect(stored.enc_key_id).toBe('k1');
    expect(Number(stored.size)).toBe(bytes.length);
    for (const column of ['name', 'sha256', 'type'] as const) {
      expect(Buffer.from(String(stored[column]), 'base64')[0]).toBe(1);
    }
    const serialized = JSON.stringify(stored);
    for (const clear of ['Lovelace', 'quotation', sha256.slice(0, 16), 'application/pdf']) {
      expect(serialized).not.toContain(clear);
    }
    const files = t.app.get(AttachmentsRepository);
    expect(await files.findById(id)).toMatchObject({
      name: 'Lovelace-quotation.pdf',
      sha256,
      type: 'application/pdf',
      size: bytes.length,
    });
    expect((await files.findById(id))?.unreadable).toBeUndefined();

    // Rows from before: the name sealed under k1 beside a clear hash and type, and an upload whose name
    // the old completion put back in clear. Both read as they are; reencrypt seals what is clear.
    await db.query("UPDATE attachments SET sha256 = ?, type = 'application/pdf' WHERE id = ?", [sha256, id]);
    const older = await t
      .http()
      .post('/staff/api/uploads')
      .query({ name: 'Lovelace-older.txt' })
      .set('Cookie', admin)
      .set('Content-Type', 'application/octet-stream')
      .send(bytes)
      .expect(201);
    await db.query(
      "UPDATE attachments SET name = 'Lovelace-older.txt', sha256 = ?, type = 'text/plain', enc_key_id = NULL WHERE id = ?",
      [sha256, older.body.id],
    );
    expect(await files.findById(id)).toMatchObject({ name: 'Lovelace-quotation.pdf', sha256, type: 'application/pdf' });
    expect((await files.findById(id))?.unreadable).toBeUndefined();
    const moved = await t.app.get(PrivacyService).reencrypt(CLI_ACTOR, 100);
    expect(moved.attachments).toBe(2);
    for (const fileId of [id, older.body.id as string]) {
      const [row] = await db.query<Record<string, string | null>[]>(
        'SELECT name, sha256, type, enc_key_id FROM attachments WHERE id = ?',
        [fileId],
      );
      expect(row.enc_key_id).toBe('k1');
      for (const column of ['name', 'sha256', 'type'] as const) {
        expect(Buffer.from(String(row[column]), 'base64')[0]).toBe(1);
      }
    }
    expect(await files.findById(older.body.id as string)).toMatchObject({
      name: 'Lovelace-older.txt',
      sha256,
      type: 'text/plain',
    });
    expect(await files.findById(id)).toMatchObject({ name: 'Lovelace-quotation.pdf', sha256, type: 'application/pdf' });
    // Nothing left to move: a second run moves none.
    expect((await t.app.get(PrivacyService).reencrypt(CLI_ACTOR, 100)).attachments).toBe(0);
    for (const fileId of [id, older.body.id as string]) {
      await db.query('DELETE FROM attachment_chunks WHERE attachment_id = ?', [fileId]);
      await db.query('DELETE FROM attachments WHERE id = ?', [fileId]);
    }
  });

  it('rotates: rows in clear, under the old key and the new all read; reencrypt moves every row to the new key, resumably', async () => {
    // Rows from before encryption (in clear), under k1, then with k2 current.
    const clear = await start(undefined);
    const submitClear = await submitter(clear);
    const clearId = await submitClear({ ...ADA, email: 'grace@example.net', name: 'Grace Hopper' });
    const clearAdmin = await signedInAdmin(clear);
    const hook = (
      await clear
        .http()
        .post('/staff/api/webhooks')
        .set('Cookie', clearAdmin)
        .send({ url: 'https://hooks.example.com/clear' })
        .expect(201)
    ).body as { id: string; secret: string };
    await Promise.all(Array.from({ length: 400 }, (_, i) => submitClear({ name: `Bulk ${i}`, email: `b${i}@x.test` })));
    const [clearRow] = await db.query<{ name: string; enc_key_id: string | null }[]>(
      'SELECT name, enc_key_id FROM submissions WHERE id = ?',
      [clearId],
    );
    expect(clearRow).toEqual({ name: 'Grace Hopper', enc_key_id: null });

    const rotated = await start(`${K2},${K1}`);
    const admin = await signedInAdmin(rotated);
    const newId = await (await submitter(rotated))({ ...ADA, name: 'After Rotation' });
    expect((await db.query('SELECT enc_key_id FROM submissions WHERE id = ?', [newId]))[0].enc_key_id).toBe('k2');
    for (const id of [clearId, newId]) {
      await rotated.http().get(`/staff/api/submissions/${id}`).set('Cookie', admin).expect(200);
    }
    const before = await notOnKey('k2');
    expect(before).toBeGreaterThan(400);

    // Interrupted after its first batch: some rows moved, the rest still to do.
    const child = spawnCli(['privacy', 'reencrypt', '--batch', '10'], {
      DATABASE_URL: database.url,
      REDIS_PREFIX: uniquePrefix(),
      DATA_ENCRYPTION_KEYS: `${K2},${K1}`,
    });
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('moved so far')) {
          child.kill('SIGKILL');
          resolve();
        }
      }),
    );
    await new Promise((resolve) => child.once('exit', resolve));
    const interrupted = await notOnKey('k2');
    expect(interrupted).toBeLessThan(before);
    expect(interrupted).toBeGreaterThan(0);

    // Resumed: the rest, and nothing twice.
    const { stdout } = await cli(['privacy', 'reencrypt'], `${K2},${K1}`);
    const [, submissions, notes, hooks] =
      /Moved (\d+) submission\(s\), (\d+) note\(s\) and (\d+) webhook destination\(s\) to the current key\./.exec(
        stdout,
      )!;
    expect(Number(submissions) + Number(notes) + Number(hooks)).toBe(interrupted);
    expect(await notOnKey('k2')).toBe(0);
    expect((await cli(['privacy', 'reencrypt'], `${K2},${K1}`)).stdout).toContain(
      'Moved 0 submission(s), 0 note(s) and 0 webhook destination(s)',
    );
    // The webhook secret stored in clear is sealed under k2 now, and still opens to the same secret.
    const [hookRow] = await db.query<{ secret: string; enc_key_id: string }[]>(
      'SELECT secret, enc_key_id FROM webhook_destinations WHERE id = ?',
      [hook.id],
    );
    expect(hookRow.enc_key_id).toBe('k2');
    expect(hookRow.secret).not.toBe(hook.secret);
    expect((await rotated.app.get(WebhooksRepository).findDestination(hook.id))?.secret).toBe(hook.secret);

    // Everything still reads, and the address of a row that was in clear is still found.
    const detail = await rotated.http().get(`/staff/api/submissions/${clearId}`).set('Cookie', admin).expect(200);
    expect(detail.body.name).toBe('Grace Hopper');
    const exported = await rotated
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', admin)
      .send({ email: 'GRACE@example.net' })
      .expect(200);
    expect(exported.body.submissions.map((s: { id: string }) => s.id)).toEqual([clearId]);
    const [moved] = await db.query<{ name: string }[]>('SELECT name FROM submissions WHERE id = ?', [clearId]);
    expect(moved.name).not.toContain('Grace');

    // With k1 gone from the setting, the service reads everything all the same.
    const k2Only = await start(K2);
    const k2Admin = await signedInAdmin(k2Only);
    const page = await k2Only.http().get('/staff/api/submissions?limit=100').set('Cookie', k2Admin).expect(200);
    expect(page.body.items.length).toBe(100);
  });

  it('refuses to start with a malformed key setting, in one line that shows no key', async () => {
    const leaked = randomBytes(16).toString('base64');
    const failed = await run(process.execPath, ['dist/main.js'], {
      env: { ...process.env, DATABASE_URL: database.url, DATA_ENCRYPTION_KEYS: `k1:${leaked}` },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    const output = `${failed.stdout}${failed.stderr}`;
    const lines = output.split('\n').filter((line) => line.includes('DATA_ENCRYPTION_KEYS'));
    expect(lines).toEqual([
      expect.stringContaining('DATA_ENCRYPTION_KEYS: key "k1" is 16 bytes; AES-256 needs exactly 32'),
    ]);
    expect(output).not.toContain(leaked);
  });
});
