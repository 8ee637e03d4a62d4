import { DataSource } from 'typeorm';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { newStaffAccount, staffCookie, signedInStaff } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

interface Timeline {
  kind: string;
  body: string;
  state?: string;
  author?: string | null;
}

/** Staff answer the requester: the reply route, its conditions, and where replies show (sending: mail tests). */
describe('replies (staff API)', () => {
  let t: TestApp;
  let cookie: string;
  let agentName: string;
  let access: string;

  beforeAll(async () => {
    // An API process: replies are stored and queued here, sent by workers (the mail tests send them).
    t = await createTestApp({
      INBOUND_ADDRESS: 'support@intake.test',
      REPLY_FROM: 'help@intake.test',
      SMTP_URL: 'smtp://127.0.0.1:9',
      // Replies sealed at rest (the sealing test reads the stored row); what the API answers is the same.
      DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const agent = await newStaffAccount(t, 'Reply agent', 'admin');
    agentName = agent.name;
    cookie = await staffCookie(t, agent.email);
    const { key } = await t.createKey({ rateLimit: 10_000 });
    access = (await issueTokens(t, key)).access_token;
  });
  afterAll(() => t.close());

  const submit = async (body: Record<string, unknown>) =>
    (await t.http().post('/contact_api.php').set('Authorization', `Bearer ${access}`).send(body).expect(200)).body
      .id as string;
  const detail = async (id: string) => t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
  const reply = (id: string, body: unknown, ifMatch?: string) => {
    const call = t.http().post(`/staff/api/submissions/${id}/replies`).set('Cookie', cookie);
    return (ifMatch ? call.set('If-Match', ifMatch) : call).send(body as object);
  };

  it('stores a reply with If-Match (201, queued), shows it on the timeline, sets first_response_at and the ref', async () => {
    const id = await submit({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Please call me back about the invoice',
    });
    const before = await detail(id);
    expect(before.body).toMatchObject({ ref: refOf(id), first_response_at: null });
    expect(before.body.ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);

    const answer = await reply(id, { body: 'We will call you today.' }, before.headers.etag).expect(201);
    expect(answer.body).toMatchObject({
      kind: 'reply',
      state: 'queued',
      body: 'We will call you today.',
      subject: `Re: Please call me back about the invoice [#${refOf(id)}]`,
      attempts: 0,
      last_error: null,
    });
    const after = await detail(id);
    expect(after.body.version).toBe(before.body.version + 1);
    expect(after.body.first_response_at).toEqual(expect.any(String));
    expect((after.body.timeline as Timeline[]).map((item) => [item.kind, item.body, item.author])).toEqual([
      ['request', 'Please call me back about the invoice', 'Ada'],
      ['reply', 'We will call you today.', agentName],
    ]);
    expect(after.body.events.map((event: { action: string }) => event.action)).toContain('submission.replied');

    // A second reply keeps the first response time.
    await reply(id, { body: 'And again.' }, after.headers.etag).expect(201);
    expect((await detail(id)).body.first_response_at).toBe(after.body.first_response_at);
  });

  it('answers 412 when anything happened since the version (another reply), 428 without If-Match', async () => {
    const id = await submit({ name: 'Bea', email: 'bea@example.com', message: 'Hello' });
    const etag = (await detail(id)).headers.etag;
    await reply(id, { body: 'First agent.' }, etag).expect(201);
    const second = await reply(id, { body: 'Second agent, same version.' }, etag).expect(412);
    expect(second.body).toEqual({ status: 'error', message: 'Submission changed; reload it' });
    expect((await reply(id, { body: 'No version.' }).expect(428)).body.message).toBe('If-Match required');
    const rows = await t.app
      .get(DataSource)
      .query('SELECT COUNT(*) AS n FROM conversation_messages WHERE submission_id = ?', [id]);
    expect(Number(rows[0].n)).toBe(1);
  });

  it('answers 409 when there is no address, 404 for an unknown submission, 400 for a bad body', async () => {
    const id = await submit({ name: 'No address', phone: '+44 20 7946 0000' });
    const etag = (await detail(id)).headers.etag;
    expect((await reply(id, { body: 'Hello?' }, etag).expect(409)).body).toEqual({
      status: 'error',
      message: 'No e-mail address to reply to',
    });
    await reply('0190aaaa-0000-7000-8000-000000000000', { body: 'x' }, '"1"').expect(404);
    const withAddress = await submit({ name: 'Bad body', email: 'bad@example.com' });
    const current = (await detail(withAddress)).headers.etag;
    expect((await reply(withAddress, {}, current).expect(400)).body.message).toBe('Missing field: body');
    expect((await reply(withAddress, { body: 'bell \u0007' }, current).expect(400)).body.message).toBe(
      'Invalid field: body',
    );
    expect((await reply(withAddress, { body: 'x'.repeat(20_001) }, current).expect(400)).body.message).toBe(
      'Invalid field: body',
    );
    expect((await reply(withAddress, { body: 'ok', extra: 1 }, current).expect(400)).body.message).toBe(
      'Unknown field: extra',
    );
  });

  it('answers 409 when the service cannot send mail at all (no SMTP_URL), storing nothing', async () => {
    const mute = await createTestApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}:replies-mute` });
    try {
      const { cookie: adminCookie } = await signedInStaff(mute, 'Mute admin', 'admin');
      const { key } = await mute.createKey({ rateLimit: 100 });
      const token = (await issueTokens(mute, key)).access_token;
      const id = (
        await mute
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${token}`)
          .send({ name: 'Mute', email: 'mute@example.com' })
          .expect(200)
      ).body.id as string;
      const answer = await mute
        .http()
        .post(`/staff/api/submissions/${id}/replies`)
        .set('Cookie', adminCookie)
        .set('If-Match', '"1"')
        .send({ body: 'Hello?' })
        .expect(409);
      expect(answer.body.message).toBe('Replies need SMTP_URL: the service has no way to send mail');
    } finally {
      await mute.close();
    }
  });

  it('seals the reply at rest with DATA_ENCRYPTION_KEYS, exports it and erases it with the submission', async () => {
    const sealed = t;
    const { cookie: adminCookie } = await signedInStaff(sealed, 'Sealed admin', 'admin');
    const { key } = await sealed.createKey({ rateLimit: 1000 });
    const token = (await issueTokens(sealed, key)).access_token;
    const email = `sealed.${Date.now()}@example.com`;
    const id = (
      await sealed
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Sealed', email, message: 'Secret request' })
        .expect(200)
    ).body.id as string;
    const etag = (await sealed.http().get(`/staff/api/submissions/${id}`).set('Cookie', adminCookie)).headers.etag;
    await sealed
      .http()
      .post(`/staff/api/submissions/${id}/replies`)
      .set('Cookie', adminCookie)
      .set('If-Match', etag)
      .send({ body: 'A confidential answer' })
      .expect(201);
    const [row] = await sealed.app
      .get(DataSource)
      .query('SELECT body, subject, enc_key_id FROM conversation_messages WHERE submission_id = ?', [id]);
    expect(row.enc_key_id).toBe('k1');
    expect(row.body).not.toContain('confidential');
    expect(row.subject).not.toContain('Secret');

    const exported = await sealed
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', adminCookie)
      .send({ email })
      .expect(200);
    expect(exported.body.submissions[0].messages.map((message: { body: string }) => message.body)).toEqual([
      'A confidential answer',
    ]);
    await sealed.http().post('/staff/api/privacy/erase').set('Cookie', adminCookie).send({ email }).expect(200);
    const left = await sealed.app
      .get(DataSource)
      .query('SELECT COUNT(*) AS n FROM conversation_messages WHERE submission_id = ?', [id]);
    expect(Number(left[0].n)).toBe(0);
  });
});
