import { DataSource } from 'typeorm';
import { SYSTEM_ACTOR } from '../src/audit/actor';
import { RetentionService } from '../src/privacy/retention.service';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { queuesSettled } from './support/queues';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

interface SubmissionBody {
  id: string;
  status: string;
  spam_reasons: string[];
  delivery_state: string;
  version: number;
}

const DAY_MS = 86_400_000;

/**
 * The spam filter through HTTP: what it flags, that the bot's answer never changes, that flagged
 * submissions are kept but reach no staff channel, and what staff's "spam" and "not spam" teach it.
 */
describe('spam filter', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let db: DataSource;
  let cookie: string;
  const received = new WebhookReceiver();
  const flagged = new WebhookReceiver();

  beforeAll(async () => {
    database = await ownDatabase();
    await received.start();
    await flagged.start();
    t = await createTestApp({ DATABASE_URL: database.url, ROLE: 'all', STAFF_CHANNELS: 'webhooks' });
    db = t.app.get(DataSource);
    const admin = await newStaffAccount(t, 'Spam admin', 'admin');
    cookie = await staffCookie(t, admin.email);
  });
  afterAll(async () => {
    await t.close();
    await received.stop();
    await flagged.stop();
    await database.drop();
  });

  /** A key with a destination for submission.received and one for submission.flagged; how to submit with it. */
  async function client() {
    const { id: keyId, key } = await t.createKey({ rateLimit: 10_000 });
    const { access_token } = await issueTokens(t, key);
    for (const [receiver, events] of [
      [received, ['submission.received']],
      [flagged, ['submission.flagged']],
    ] as const) {
      await t
        .http()
        .post('/staff/api/webhooks')
        .set('Cookie', cookie)
        .send({ url: receiver.url, api_key_id: keyId, events })
        .expect(201);
    }
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      t.http().post('/contact_api.php').set('Authorization', `Bearer ${access_token}`).set(headers).send(body);
    return { keyId, post };
  }

  const detail = async (id: string): Promise<SubmissionBody> =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body as SubmissionBody;

  const setStatus = async (id: string, status: string) => {
    const current = await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
    await t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', cookie)
      .set('If-Match', current.headers.etag)
      .send({ status })
      .expect(200);
  };

  const deliveredTo = (receiver: WebhookReceiver, type: string) =>
    receiver.received.filter((hook) => hook.body.type === type).map((hook) => hook.body.data.id);

  /** Waits until every one of `ids` has passed the worker (delivered to channels, or held back). */
  const settled = (ids: string[]) =>
    waitUntil(async () => {
      for (const id of ids) {
        if ((await detail(id)).delivery_state !== 'delivered') {
          return false;
        }
      }
      return true;
    }, 'the worker to process every submission');

  it('answers a burst of identical bodies alike, stores all, delivers only the first and flags the rest', async () => {
    const { post } = await client();
    const body = { name: 'Burst bot', email: 'burst@example.com', message: 'Buy cheap followers now' };
    const answers = await Promise.all(Array.from({ length: 7 }, () => post(body)));

    // The bot's view: every answer the same status, body shape and header names.
    const shapeOf = (answer: (typeof answers)[number]) => ({
      status: answer.status,
      body: { ...answer.body, id: typeof answer.body.id },
      headers: Object.keys(answer.headers).sort(),
    });
    for (const answer of answers) {
      expect(shapeOf(answer)).toEqual(shapeOf(answers[0]));
    }
    expect(answers[0].body).toMatchObject({ status: 'success', message: 'Submission received' });

    const ids = answers.map((answer) => answer.body.id as string);
    expect(new Set(ids).size).toBe(7);
    await settled(ids);
    const rows = await Promise.all(ids.map(detail));
    const clean = rows.filter((row) => row.status === 'new');
    const spam = rows.filter((row) => row.status === 'spam');
    expect(clean).toHaveLength(1);
    expect(clean[0].spam_reasons).toEqual([]);
    expect(spam).toHaveLength(6);
    for (const row of spam) {
      expect(row.spam_reasons).toEqual(['duplicate']);
    }

    await waitUntil(
      () => deliveredTo(flagged, 'submission.flagged').filter((id) => ids.includes(id)).length === 6,
      'flagged webhooks',
    );
    await waitUntil(
      () => deliveredTo(received, 'submission.received').some((id) => id === clean[0].id),
      'the received webhook',
    );
    await queuesSettled(t);
    expect(deliveredTo(received, 'submission.received').filter((id) => ids.includes(id))).toEqual([clean[0].id]);
    const flaggedHook = flagged.received.find((hook) => hook.body.data.id === spam[0].id)!;
    expect(flaggedHook.body.data).toMatchObject({ id: spam[0].id, name: 'Burst bot', spam_reasons: ['duplicate'] });

    // The Spam tab lists them, with their reasons.
    const list = await t.http().get('/staff/api/submissions?status=spam').set('Cookie', cookie).expect(200);
    const listed = (list.body.items as SubmissionBody[]).filter((item) => ids.includes(item.id));
    expect(listed).toHaveLength(6);
    expect(listed.every((item) => item.spam_reasons.includes('duplicate'))).toBe(true);

    const metrics = await t.http().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/spam_flagged_total\{api_key_id="[0-9a-f-]{36}",reason="duplicate"\} \d+/);
  });

  it('flags a sender staff marked as spam under that key only, and "not spam" delivers it and clears the mark', async () => {
    const first = await client();
    const other = await client();
    const email = 'marked.sender@example.com';
    const original = (await first.post({ name: 'Marked', email, message: 'First message' }).expect(200)).body.id;
    await settled([original]);
    await setStatus(original, 'spam');

    const again = (await first.post({ name: 'Marked', email, message: 'A different message' }).expect(200)).body.id;
    const elsewhere = (await other.post({ name: 'Marked', email, message: 'A different message' }).expect(200)).body.id;
    await settled([again, elsewhere]);
    expect(await detail(again)).toMatchObject({ status: 'spam', spam_reasons: ['marked_sender'] });
    expect(await detail(elsewhere)).toMatchObject({ status: 'new', spam_reasons: [] });
    expect(deliveredTo(received, 'submission.received')).not.toContain(again);

    // Not spam: delivered now, and the sender's next message is clean.
    await setStatus(again, 'new');
    await waitUntil(() => deliveredTo(received, 'submission.received').includes(again), 'delivery after "not spam"');
    const later = (await first.post({ name: 'Marked', email, message: 'A third message' }).expect(200)).body.id;
    await settled([later]);
    expect(await detail(later)).toMatchObject({ status: 'new', spam_reasons: [] });
  });

  it('flags two weak signals together, never one alone', async () => {
    const { post } = await client();
    const links = 'see https://a.example and https://b.example and https://c.example today';
    const both = (await post({ name: 'Weak', email: 'bot@mailinator.com', message: links }).expect(200)).body.id;
    const disposable = (
      await post({ name: 'Weak', email: 'person@mailinator.com', message: 'A real question' }).expect(200)
    ).body.id;
    const linky = (await post({ name: 'Weak', email: 'person@example.com', message: links }).expect(200)).body.id;
    await settled([both, disposable, linky]);
    expect(await detail(both)).toMatchObject({ status: 'spam', spam_reasons: ['disposable_domain', 'link_stuffed'] });
    expect(await detail(disposable)).toMatchObject({ status: 'new', spam_reasons: [] });
    expect(await detail(linky)).toMatchObject({ status: 'new', spam_reasons: [] });
  });

  it('never treats an Idempotency-Key retry as a duplicate', async () => {
    const { post } = await client();
    const body = { name: 'Retrying client', message: 'Sent twice by a careful client' };
    const [one, two] = [
      await post(body, { 'Idempotency-Key': 'order-42' }).expect(200),
      await post(body, { 'Idempotency-Key': 'order-42' }).expect(200),
    ];
    expect(two.body.id).toBe(one.body.id);
    await settled([one.body.id]);
    expect(await detail(one.body.id)).toMatchObject({ status: 'new', spam_reasons: [] });
    expect(
      Number((await db.query('SELECT COUNT(*) AS n FROM submissions WHERE name = ?', ['Retrying client']))[0].n),
    ).toBe(1);
  });

  it('never flags concurrent retries of one Idempotency-Key, which store one clean row', async () => {
    const { post } = await client();
    const body = { name: 'Concurrent retries', message: 'Sent five times at once by an impatient client' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(body, { 'Idempotency-Key': 'order-43' }).expect(200)),
    );
    const ids = new Set(answers.map((answer) => answer.body.id as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await settled([id]);
    expect(await detail(id)).toMatchObject({ status: 'new', spam_reasons: [] });
    // The content stays recorded: the same words without the key are a duplicate.
    const copy = (await post(body).expect(200)).body.id as string;
    await settled([copy]);
    expect(await detail(copy)).toMatchObject({ status: 'spam', spam_reasons: ['duplicate'] });
  });

  it('does not filter a key whose spam_filter is off (API and CLI setting)', async () => {
    const { keyId, post } = await client();
    const patched = await t
      .http()
      .patch(`/staff/api/keys/${keyId}`)
      .set('Cookie', cookie)
      .send({ spam_filter: false })
      .expect(200);
    expect(patched.body.spam_filter).toBe(false);
    await t
      .http()
      .patch(`/staff/api/keys/${keyId}`)
      .set('Cookie', cookie)
      .send({ spam_filter: 'no' })
      .expect(400, { status: 'error', message: 'Invalid field: spam_filter' });
    const body = { name: 'Unfiltered', email: 'bot@mailinator.com', message: 'https://a.example https://b.example' };
    const ids = [(await post(body).expect(200)).body.id, (await post(body).expect(200)).body.id];
    await settled(ids);
    for (const id of ids) {
      expect(await detail(id)).toMatchObject({ status: 'new', spam_reasons: [] });
    }
  });

  it('deletes spam SPAM_RETENTION_DAYS after it became spam, and nothing else', async () => {
    const { post } = await client();
    const body = { name: 'Old spam', message: 'Repeated offer' };
    const ids = [(await post(body).expect(200)).body.id, (await post(body).expect(200)).body.id];
    const fresh = (
      await post({ name: 'Fresh spam', email: 'x@mailinator.com', message: '[url=http://a.example]a[/url]' })
    ).body.id;
    await settled([...ids, fresh]);
    const [clean, old] = ids;
    expect((await detail(old)).status).toBe('spam');
    expect((await detail(fresh)).status).toBe('spam');
    const past = new Date(Date.now() - (t.config.spam.retentionDays + 1) * DAY_MS);
    await db.query('UPDATE submissions SET created_at = ?, updated_at = ? WHERE id IN (?)', [past, past, [clean, old]]);

    await t.app.get(RetentionService).run(SYSTEM_ACTOR);
    const left = (
      await db.query<{ id: string }[]>('SELECT id FROM submissions WHERE id IN (?)', [[clean, old, fresh]])
    ).map((row) => row.id);
    expect(left.sort()).toEqual([clean, fresh].sort());
  });
});
