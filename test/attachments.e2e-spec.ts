import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { RetentionProcessor } from '../src/privacy/retention.processor';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { ownDatabase } from './support/own-database';
import { postInboundMail } from './support/service-calls';
import { SmtpSink } from './support/smtp-sink';
import { signedInStaff, staffCookie } from './support/staff';
import { waitFor } from './support/wait';
import { createKeysAndAccounts } from './support/room-context';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

const INBOUND_TOKEN = 'attachments-inbound-token-0123';
const KEYS = `k1:${randomBytes(32).toString('base64')}`;
/** Small, so a file over it costs little to send. */
const MAX_BYTES = 1024 * 1024;
/** Text inside an attached file that must never be found in the database as it is stored. */
const MARKER = `attachment-marker-${randomBytes(6).toString('hex')}`;

interface FileView {
  id: string;
  name: string;
  type: string;
  size: number;
  sha256: string | null;
  inline_image: boolean;
  state: string;
}
interface TimelineItem {
  kind: string;
  id: string;
  attachments?: FileView[];
}
interface OutgoingFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** The eight bytes every PNG starts with, then a header chunk: enough for a browser to call it a PNG. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  randomBytes(64),
]);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A mail from `from` with `text` and `files` as base64 parts; non-ASCII names as RFC 2231 does them. */
function mailWithFiles(headers: Record<string, string>, text: string, files: OutgoingFile[]): Buffer {
  const boundary = `b-${randomBytes(6).toString('hex')}`;
  const lines = [
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
  ];
  for (const file of files) {
    const name = `filename*=UTF-8''${encodeURIComponent(file.name)}`;
    lines.push(
      `--${boundary}`,
      `Content-Type: ${file.type}`,
      `Content-Disposition: attachment; ${name}`,
      'Content-Transfer-Encoding: base64',
      '',
      ...(file.bytes.toString('base64').match(/.{1,76}/g) ?? []),
    );
  }
  lines.push(`--${boundary}--`, '');
  return Buffer.from(lines.join('\r\n'));
}

/** The exact bytes of a supertest answer (binary, whatever its type); a JSON error is parsed as JSON. */
function binary(res: NodeJS.ReadableStream, done: (error: Error | null, body: unknown) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    const bytes = Buffer.concat(chunks);
    const json = /^application\/json/.test(
      (res as unknown as { headers: Record<string, string> }).headers['content-type'] ?? '',
    );
    done(null, json ? JSON.parse(bytes.toString('utf8')) : bytes);
  });
}

/**
 * Files customers send (issue 39, points 1, 2 and 4), through the inbound route with encryption at rest
 * on: stored in sealed pieces with their SHA-256, downloaded byte for byte with headers no browser runs
 * anything under, over ATTACHMENT_MAX_BYTES described only, listed by the privacy export, erased with
 * their submission, and counted in attachment_bytes_stored.
 */
describe('attachments: files customers send, stored and served safely', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let cookie: string;
  let access: string;
  let keyId: string;
  const apps: TestApp[] = [];

  const settings = (more: Record<string, string> = {}) => ({
    DATABASE_URL: database.url,
    INBOUND_TOKEN,
    ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
    DATA_ENCRYPTION_KEYS: KEYS,
    ...more,
  });

  beforeAll(async () => {
    // A database of its own: the metric sums the whole table, and a dump of it is searched.
    database = await ownDatabase();
    // The key exists before the app starts: a mail that matches no submission becomes a new one under it
    // (INBOUND_NEW_SUBMISSIONS_KEY). The other tests' mails all name their submission.
    const keys = await createKeysAndAccounts({ DATABASE_URL: database.url });
    const key = await keys.createKey({ rateLimit: 10_000 });
    await keys.close();
    keyId = key.id;
    t = await createTestApp(settings({ INBOUND_NEW_SUBMISSIONS_KEY: keyId }));
    apps.push(t);
    cookie = (await signedInStaff(t, 'Files admin', 'admin')).cookie;
    access = (await issueTokens(t, key.key)).access_token;
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    await database.drop();
  });

  const submit = async (email: string) =>
    (
      await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access}`)
        .send({ name: 'Ada Lovelace', email, message: 'My screen shows this, see the files I will send.' })
        .expect(200)
    ).body.id as string;
  const timeline = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body
      .timeline as TimelineItem[];
  const download = (id: string, query = '') =>
    t
      .http()
      .get(`/staff/api/attachments/${id}${query}`)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binary as never);
  /** The customer answers submission `id` from `email` with `files`: the mail's files as the timeline shows them. */
  const answerWithFiles = async (id: string, email: string, files: OutgoingFile[]) => {
    const raw = mailWithFiles(
      {
        From: email,
        To: 'support@intake.test',
        Subject: `Re: [#${refOf(id)}]`,
        'Message-ID': `<files-${randomBytes(4).toString('hex')}@example.com>`,
      },
      'Here are the files.',
      files,
    );
    await postInboundMail(t, INBOUND_TOKEN, raw).expect(202, { outcome: 'attached' });
    const customer = (await timeline(id)).filter((item) => item.kind === 'customer');
    return customer[customer.length - 1].attachments!;
  };

  it('stores every file of a mail with its SHA-256 and serves the exact bytes, never as something a browser runs', async () => {
    const email = 'files@example.com';
    const id = await submit(email);
    const files: OutgoingFile[] = [
      { name: 'screenshot.png', type: 'image/png', bytes: PNG },
      { name: 'not-a-picture.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'drawing.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg><script>alert(1)</script></svg>') },
      { name: 'page.html', type: 'text/html', bytes: Buffer.from('<script>alert(document.cookie)</script>') },
      { name: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n/JavaScript (app.alert(1))') },
      { name: 'Résumé – Zoë 日本.txt', type: 'text/plain; charset=utf-8', bytes: Buffer.from(`${MARKER}\nline two\n`) },
      // Three pieces (a piece is 256 KiB): joined again in order.
      { name: 'capture.bin', type: 'application/x-unknown', bytes: randomBytes(600 * 1024) },
      { name: 'archive.zip', type: 'application/zip', bytes: randomBytes(MAX_BYTES + 1) },
    ];
    const stored = await answerWithFiles(id, email, files);
    expect(stored.map(({ id: _id, ...file }) => file)).toEqual(
      files.map((file, index) => ({
        name: file.name,
        type: file.type.split(';')[0],
        size: file.bytes.length,
        sha256: sha256(file.bytes),
        inline_image: index === 0,
        state: index === files.length - 1 ? 'too_large' : 'stored',
      })),
    );

    const served = ['image/png', ...Array(5).fill('application/octet-stream')];
    served.splice(5, 0, 'text/plain');
    for (const [index, file] of files.slice(0, -1).entries()) {
      const response = await download(stored[index].id).expect(200);
      expect({ name: file.name, identical: (response.body as Buffer).equals(file.bytes) }).toEqual({
        name: file.name,
        identical: true,
      });
      expect(response.headers['content-type']).toBe(served[index]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe('sandbox');
      const disposition = response.headers['content-disposition'];
      expect(disposition.startsWith('attachment;')).toBe(true);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1])).toBe(file.name);
    }
    // Inline only for the image whose bytes are an image.
    const inline = await download(stored[0].id, '?inline=1').expect(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect((inline.body as Buffer).equals(PNG)).toBe(true);
    for (const index of [1, 2, 3, 4]) {
      expect((await download(stored[index].id, '?inline=1').expect(409)).body).toEqual({
        status: 'error',
        message: 'Only an image whose bytes are what it claims is shown inline',
      });
    }
    expect((await download(stored[0].id, '?inline=yes').expect(400)).body.message).toBe('Invalid field: inline');
    // Over the limit: described, never stored, nothing to download.
    await download(stored[files.length - 1].id).expect(404);
    // Staff only.
    await t.http().get(`/staff/api/attachments/${stored[0].id}`).expect(401);
    await download(randomBytes(16).toString('hex')).expect(404);
  });

  it('keeps the bytes and the names sealed: a dump of the database holds neither', async () => {
    const { stdout } = await promisify(execFile)(
      'mariadb-dump',
      ['--user=root', '--host=127.0.0.1', '--hex-blob', new URL(database.url).pathname.slice(1)],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    expect(stdout).toContain('attachment_chunks');
    const plain = stdout.toLowerCase();
    for (const piece of [MARKER, 'screenshot.png', 'résumé', Buffer.from(MARKER).toString('hex')]) {
      expect({ piece, found: plain.includes(piece.toLowerCase()) }).toEqual({ piece, found: false });
    }
  });

  it('keeps the files of a mail that becomes a new submission on its request, once however often it comes', async () => {
    const raw = mailWithFiles(
      {
        From: 'newcomer@example.com',
        To: 'support@intake.test',
        Subject: 'Broken',
        'Message-ID': '<new-files@example.com>',
      },
      'It broke, picture attached.',
      [{ name: 'broken.png', type: 'image/png', bytes: PNG }],
    );
    await postInboundMail(t, INBOUND_TOKEN, raw).expect(202, { outcome: 'new submission' });
    await postInboundMail(t, INBOUND_TOKEN, raw).expect(202, { outcome: 'new submission' });
    const [row] = await t.app
      .get(DataSource)
      .query<{ id: string }[]>("SELECT id FROM submissions WHERE api_key_id = ? AND user_agent = 'inbound mail'", [
        keyId,
      ]);
    const [request] = await timeline(row.id);
    expect(request.kind).toBe('request');
    expect(request.attachments).toEqual([
      expect.objectContaining({ name: 'broken.png', sha256: sha256(PNG), state: 'stored' }),
    ]);
  });

  it('lists the files in the privacy export, erases them with the submission, and counts the bytes kept', async () => {
    const email = `erased.${randomBytes(3).toString('hex')}@example.com`;
    const id = await submit(email);
    const bytes = randomBytes(300 * 1024);
    const [file] = await answerWithFiles(id, email, [{ name: 'private.dat', type: 'application/octet-stream', bytes }]);
    const db = t.app.get(DataSource);
    const [{ total }] = await db.query<{ total: string }[]>(
      "SELECT SUM(size) AS total FROM attachments WHERE state = 'stored'",
    );
    const metrics = (await t.http().get('/metrics').expect(200)).text;
    expect(metrics).toContain(`attachment_bytes_stored ${Number(total)}`);

    const exported = await t.http().post('/staff/api/privacy/export').set('Cookie', cookie).send({ email }).expect(200);
    expect(exported.body.submissions[0].attachments).toEqual([
      { name: 'private.dat', type: 'application/octet-stream', size: bytes.length, sha256: sha256(bytes) },
    ]);
    await t.http().post('/staff/api/privacy/erase').set('Cookie', cookie).send({ email }).expect(200);
    const pieces = await db.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM attachment_chunks WHERE attachment_id = ?',
      [file.id],
    );
    const rows = await db.query<{ n: string }[]>('SELECT COUNT(*) AS n FROM attachments WHERE submission_id = ?', [id]);
    expect([Number(pieces[0].n), Number(rows[0].n)]).toEqual([0, 0]);
    await download(file.id).expect(404);
  });
});

/**
 * Files staff send (issue 39, point 3): uploaded as raw bytes (a type no cross-site form can send),
 * owned by the uploader, taken by one reply of theirs and sent as MIME parts byte for byte; limits on
 * count and weight; uploads no reply used are deleted after 24 hours.
 */
describe('attachments: files staff send with a reply', () => {
  const smtp = new SmtpSink();
  let t: TestApp;
  let cookie: string;
  let otherCookie: string;
  let uploaderEmail: string;
  let access: string;
  const REPLY_MAX = 400 * 1024;

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({
      ROLE: 'all',
      SMTP_URL: smtp.url,
      REPLY_FROM: 'help@intake.test',
      ATTACHMENT_MAX_BYTES: String(300 * 1024),
      REPLY_MAX_BYTES: String(REPLY_MAX),
    });
    const uploader = await signedInStaff(t, 'Uploader');
    uploaderEmail = uploader.account.email;
    cookie = uploader.cookie;
    otherCookie = (await signedInStaff(t, 'Someone else')).cookie;
    access = (await issueTokens(t, (await t.createKey({ rateLimit: 10_000 })).key)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const upload = (name: string, bytes: Buffer, as = cookie, type = 'application/octet-stream') =>
    t.http().post('/staff/api/uploads').query({ name }).set('Cookie', as).set('Content-Type', type).send(bytes);
  const submission = async () => {
    const { body } = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${access}`)
      .send({ name: 'Grace Hopper', email: `grace.${randomBytes(3).toString('hex')}@example.com`, message: 'Quote?' })
      .expect(200);
    const detail = await t.http().get(`/staff/api/submissions/${body.id}`).set('Cookie', cookie).expect(200);
    return { id: body.id as string, etag: detail.headers.etag, email: detail.body.email as string };
  };
  const reply = (to: { id: string; etag: string }, attachments: unknown, as = cookie) =>
    t
      .http()
      .post(`/staff/api/submissions/${to.id}/replies`)
      .set('Cookie', as)
      .set('If-Match', to.etag)
      .send({ body: 'The quote is attached.', attachments });

  it('sends uploaded files with a reply as MIME parts, byte for byte, each used once', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(280 * 1024)]);
    const name = 'Offre – été 2026.pdf';
    const uploaded = await upload(name, pdf).expect(201);
    expect(uploaded.body).toEqual({
      id: expect.any(String),
      name,
      type: 'application/pdf',
      size: pdf.length,
      sha256: sha256(pdf),
    });
    const png = await upload('chart.png', PNG).expect(201);
    const to = await submission();
    const sent = await reply(to, [uploaded.body.id, png.body.id]).expect(201);
    expect(sent.body.attachments.map((file: FileView) => [file.name, file.state])).toEqual([
      [name, 'stored'],
      ['chart.png', 'stored'],
    ]);
    const received = await waitFor(
      () => Promise.resolve(smtp.received.find((mail) => mail.to.includes(to.email))),
      (mail) => mail !== undefined,
    );
    const mail = await simpleParser(received!.raw);
    expect(mail.attachments.map((file) => [file.filename, file.contentType, sha256(file.content)])).toEqual([
      [name, 'application/pdf', sha256(pdf)],
      ['chart.png', 'image/png', sha256(PNG)],
    ]);
    // An upload goes with one reply only.
    const again = await submission();
    expect((await reply(again, [png.body.id]).expect(400)).body.message).toBe(
      'Invalid field: attachments (an upload of yours not yet sent)',
    );
  });

  it('refuses uploads a cross-site form could send, and files over the limits, keeping nothing of them', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      expect((await upload('a.txt', Buffer.from('x=1'), cookie, type).expect(403)).body.message).toBe(
        'Forbidden: a staff write from a browser session must be sent as application/json',
      );
    }
    await upload('a.txt', Buffer.from('x'))
      .set('Origin', 'https://attacker.example')
      .expect(403, { status: 'error', message: "Forbidden: the request's Origin is not this service's origin" });
    await t
      .http()
      .post('/staff/api/uploads?name=a.json')
      .set('Cookie', cookie)
      .send({ json: true })
      .expect(415, { status: 'error', message: 'Unsupported Content-Type: expected application/octet-stream' });
    await upload('', Buffer.from('x')).expect(400, { status: 'error', message: 'Missing field: name' });
    await upload('../etc/passwd', Buffer.from('x')).expect(400, { status: 'error', message: 'Invalid field: name' });
    // A name is one line that reads as it is (issue 53): no CR, LF, tab, control or bidirectional character.
    const countBefore = Number((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM attachments'))[0].n);
    for (const name of [
      'invoice\u202Efdp.exe',
      'a\u2066b.txt',
      'a\u200Fb.txt',
      'a\u061Cb.txt',
      'report\r\nX-Injected: 1.txt',
      'a\nb.txt',
      'a\tb.txt',
      'a\u0085b.txt',
      'a\u2028b.txt',
    ]) {
      await upload(name, Buffer.from('x')).expect(400, { status: 'error', message: 'Invalid field: name' });
    }
    expect(Number((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM attachments'))[0].n)).toBe(countBefore);
    await upload('Ünïcødé 📄 (1).pdf', Buffer.from('x')).expect(201);
    await t
      .http()
      .post('/staff/api/uploads?name=a.bin')
      .set('Content-Type', 'application/octet-stream')
      .send('x')
      .expect(401);

    const db = t.app.get(DataSource);
    const count = async () => Number((await db.query('SELECT COUNT(*) AS n FROM attachments'))[0].n);
    const before = await count();
    expect((await upload('big.bin', randomBytes(300 * 1024 + 1)).expect(413)).body.message).toBe(
      `A file may be at most ${300 * 1024} bytes (ATTACHMENT_MAX_BYTES)`,
    );
    expect(await count()).toBe(before);

    const to = await submission();
    const mine = await upload('mine.txt', Buffer.from('mine'), cookie).expect(201);
    const theirs = await upload('theirs.txt', Buffer.from('theirs'), otherCookie).expect(201);
    await reply(to, [mine.body.id, theirs.body.id]).expect(400);
    await reply(
      to,
      Array.from({ length: 11 }, () => mine.body.id),
    ).expect(400, {
      status: 'error',
      message: 'Invalid field: attachments',
    });
    const heavy = await Promise.all(
      [1, 2].map(async (n) => (await upload(`part${n}.bin`, randomBytes(REPLY_MAX / 2 + 1)).expect(201)).body.id),
    );
    expect((await reply(to, heavy).expect(400)).body.message).toBe(
      `Invalid field: attachments (at most ${REPLY_MAX} bytes in all, REPLY_MAX_BYTES)`,
    );
    // Nothing was taken by the refused replies: the files can still go.
    await reply(to, [mine.body.id]).expect(201);
  });

  it('deletes an upload no reply used within 24 hours', async () => {
    const kept = await upload('kept.txt', Buffer.from('kept')).expect(201);
    const forgotten = await upload('forgotten.txt', Buffer.from('forgotten')).expect(201);
    const to = await submission();
    const later = await submission();
    t.clock.advance(23 * 3_600_000);
    // A new session (the first one's lifetime is over by now), the same account.
    cookie = await staffCookie(t, uploaderEmail);
    await reply(
      { ...to, etag: (await t.http().get(`/staff/api/submissions/${to.id}`).set('Cookie', cookie)).headers.etag },
      [kept.body.id],
    ).expect(201);
    t.clock.advance(3_600_000 + 1);
    // The maintenance job's handler, as its hourly scheduler runs it.
    await t.app.get(RetentionProcessor).forgetUploads();
    const db = t.app.get(DataSource);
    const rows = await db.query<{ id: string }[]>('SELECT id FROM attachments WHERE id IN (?)', [
      [kept.body.id, forgotten.body.id],
    ]);
    expect(rows.map((row) => row.id)).toEqual([kept.body.id]);
    const pieces = await db.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM attachment_chunks WHERE attachment_id = ?',
      [forgotten.body.id],
    );
    expect(Number(pieces[0].n)).toBe(0);
    cookie = await staffCookie(t, uploaderEmail);
    const laterEtag = (await t.http().get(`/staff/api/submissions/${later.id}`).set('Cookie', cookie)).headers.etag;
    await reply({ ...later, etag: laterEtag }, [forgotten.body.id]).expect(400);
  });
});
