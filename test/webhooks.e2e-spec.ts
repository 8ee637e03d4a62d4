import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { freePort, runCli, startService } from './support/processes';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie, signedInStaff } from './support/staff';
import { createKeysAndAccounts } from './support/room-context';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { queuesSettled } from './support/queues';
import { waitFor, waitUntil } from './support/wait';
import { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

interface Destination {
  id: string;
  url: string;
  events: string[];
  secret: string;
}

interface Delivery {
  id: string;
  destination_id: string;
  event: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  attempt_log: { status_code: number | null; duration_ms: number; error: string | null; attempted_at: string }[];
}

/**
 * A client of the service: an API key and a way to submit as it. Each default body says something new:
 * the same content twice under one key would be a duplicate to the spam filter.
 */
async function clientOf(t: TestApp, name: string) {
  const { id, key } = await t.createKey({ name, rateLimit: 10_000 });
  const { access_token } = await issueTokens(t, key);
  let sent = 0;
  return {
    id,
    submit: async (body: object = { name: `${name} visitor`, message: `Hello (${++sent})` }) =>
      (await t.http().post('/contact_api.php').set('Authorization', `Bearer ${access_token}`).send(body).expect(200))
        .body.id as string,
  };
}

interface DeliveryRow {
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
}

const deliveryRowsOf = (t: TestApp, submissionId: string) =>
  t.app
    .get(DataSource)
    .query<DeliveryRow[]>(
      'SELECT status, attempts, last_status_code, last_error FROM webhook_deliveries WHERE submission_id = ?',
      [submissionId],
    );

const headersOf = (delivery: ReceivedWebhook) => delivery.headers as Record<string, string>;

describe('staff webhooks', () => {
  const global = new WebhookReceiver();
  let t: TestApp;
  let admin: string;
  let database: { url: string; drop: () => Promise<void> };
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    await global.start();
    // A database of its own: the every-key destination added here must not reach other files' submissions.
    database = await ownDatabase();
    t = await createTestApp({
      DATABASE_URL: database.url,
      ROLE: 'all',
      STAFF_WEBHOOK_URL: global.url,
      WEBHOOK_RETRY_SCHEDULE: '0.3,0.3',
      WEBHOOK_TIMEOUT: '1',
      WEBHOOK_SECRET_OVERLAP: '3600',
    });
    const account = await newStaffAccount(t, 'Webhook Admin', 'admin');
    admin = await staffCookie(t, account.email);
  });
  afterAll(async () => {
    for (const cleanup of cleanups) {
      await cleanup();
    }
    await t.close();
    await global.stop();
    await database.drop();
  });

  async function receiverFor(apiKeyId: string | null, events?: string[]) {
    const receiver = new WebhookReceiver();
    await receiver.start();
    const destination = (
      await t
        .http()
        .post('/staff/api/webhooks')
        .set('Cookie', admin)
        .send({ url: receiver.url, api_key_id: apiKeyId, ...(events ? { events } : {}) })
        .expect(201)
    ).body as Destination;
    cleanups.push(() => receiver.stop());
    return { receiver, destination };
  }

  const deliveriesOf = async (submissionId: string, destinationId: string): Promise<Delivery[]> =>
    (
      await t.http().get(`/staff/api/submissions/${submissionId}`).set('Cookie', admin).expect(200)
    ).body.webhooks.filter((delivery: Delivery) => delivery.destination_id === destinationId);

  it("routes a key's submissions to its own destination and the global ones, never to another key's", async () => {
    const [a, b] = [await clientOf(t, 'Client A'), await clientOf(t, 'Client B')];
    const [toA, toB] = [await receiverFor(a.id), await receiverFor(b.id)];
    const everyKey = await receiverFor(null);
    expect(toA.destination.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(toA.destination.events).toEqual(['submission.received']);

    const fromA = await a.submit({ name: 'Ada', email: 'ada@example.com', message: 'For A' });
    await waitUntil(() => toA.receiver.successes().get(fromA) === 1, "A's receiver");
    await waitUntil(() => global.successes().get(fromA) === 1, 'the global receiver');
    const fromB = await b.submit();
    await waitUntil(() => toB.receiver.successes().get(fromB) === 1, "B's receiver");
    await waitUntil(() => everyKey.receiver.successes().get(fromA) === 1, 'the every-key destination (A)');
    await waitUntil(() => everyKey.receiver.successes().get(fromB) === 1, 'the every-key destination (B)');
    await t
      .http()
      .delete(`/staff/api/webhooks/${everyKey.destination.id}`)
      .set('Cookie', admin)
      .set('Content-Type', 'application/json')
      .expect(204);
    await queuesSettled(t);
    expect(toB.receiver.of(fromA)).toEqual([]);
    expect(toA.receiver.of(fromB)).toEqual([]);

    const [received] = toA.receiver.of(fromA);
    expect(received.body).toEqual({
      type: 'submission.received',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        id: fromA,
        name: 'Ada',
        email: 'ada@example.com',
        phone: null,
        business: null,
        message: 'For A',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        api_key: { id: a.id, name: 'Client A' },
      },
    });
    // Part one's X-Signature-256 and body fields go to STAFF_WEBHOOK_URL only.
    expect(received.headers['x-signature-256']).toBeUndefined();
    expect(global.of(fromA)[0].headers['x-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);

    const verified = new Webhook(toA.destination.secret).verify(received.rawBody, headersOf(received));
    expect(verified).toEqual(received.body);
    expect(() => new Webhook(toB.destination.secret).verify(received.rawBody, headersOf(received))).toThrow(
      'No matching signature found',
    );
    const [record] = await deliveriesOf(fromA, toA.destination.id);
    expect(received.headers['webhook-id']).toBe(record.id);
    expect(record).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
    expect(record.attempt_log).toEqual([
      { status_code: 200, duration_ms: expect.any(Number), error: null, attempted_at: expect.any(String) },
    ]);
  });

  it('signs with both secrets during a rotation, and a delivery older than the tolerance is rejected', async () => {
    const client = await clientOf(t, 'Rotating');
    const { receiver, destination } = await receiverFor(client.id);
    const rotated = (
      await t
        .http()
        .post(`/staff/api/webhooks/${destination.id}/rotate-secret`)
        .set('Cookie', admin)
        .set('Content-Type', 'application/json')
        .expect(200)
    ).body as Destination & { previous_secret_until: string };
    expect(rotated.secret).not.toBe(destination.secret);
    expect(Date.parse(rotated.previous_secret_until) - Date.now()).toBeGreaterThan(3_500_000);

    const id = await client.submit();
    await waitUntil(() => receiver.successes().get(id) === 1, 'the delivery');
    const [received] = receiver.of(id);
    expect(received.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(rotated.secret).verify(received.rawBody, headersOf(received))).toEqual(received.body);
    expect(new Webhook(destination.secret).verify(received.rawBody, headersOf(received))).toEqual(received.body);

    // A captured delivery replayed six minutes later fails the reference verifier's 5-minute tolerance.
    const sixMinutesLater = Date.now() + 6 * 60_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(sixMinutesLater);
    try {
      expect(() => new Webhook(rotated.secret).verify(received.rawBody, headersOf(received))).toThrow(
        'Message timestamp too old',
      );
    } finally {
      clock.mockRestore();
    }
  });

  it('retries a failing destination on the schedule while others are served at once; 4xx retries too', async () => {
    const client = await clientOf(t, 'Flaky');
    const flaky = await receiverFor(client.id);
    const seen = new Map<string, number>();
    flaky.receiver.respond = (delivery) => {
      const count = (seen.get(delivery.body.data.id) ?? 0) + 1;
      seen.set(delivery.body.data.id, count);
      return count === 1 ? 500 : count === 2 ? 400 : 200;
    };
    const id = await client.submit();
    await waitUntil(() => global.successes().get(id) === 1, 'the global receiver');
    await waitUntil(() => flaky.receiver.successes().get(id) === 1, 'the third attempt');
    const [record] = await waitFor(
      () => deliveriesOf(id, flaky.destination.id),
      ([delivery]) => delivery?.status === 'delivered',
    );
    expect(record.attempt_log.map((attempt) => attempt.status_code)).toEqual([500, 400, 200]);
    expect(record.attempt_log.map((attempt) => attempt.error)).toEqual(['HTTP 500', 'HTTP 400', null]);
    // Every attempt is signed afresh: same webhook-id, its own timestamp and signature.
    const ids = new Set(flaky.receiver.of(id).map((delivery) => delivery.headers['webhook-id']));
    expect(ids.size).toBe(1);
  });

  it('honours Retry-After on 429', async () => {
    const client = await clientOf(t, 'Busy');
    const busy = await receiverFor(client.id);
    busy.receiver.respond = (_delivery, index) =>
      index === 0 ? { status: 429, headers: { 'Retry-After': '2' } } : 204;
    const id = await client.submit();
    await waitUntil(() => busy.receiver.successes().get(id) === 1, 'the attempt after Retry-After');
    const [first, second] = busy.receiver.arrivals;
    // The schedule alone would have tried again after about 0.3 s.
    expect(second - first).toBeGreaterThanOrEqual(1900);
    expect(second - first).toBeLessThan(6000);
    const [record] = await deliveriesOf(id, busy.destination.id);
    expect(record.attempt_log.map((attempt) => attempt.status_code)).toEqual([429, 204]);
  });

  it('disables a destination that answers 410, says why, and sends it nothing more', async () => {
    const client = await clientOf(t, 'Gone');
    const gone = await receiverFor(client.id);
    gone.receiver.respond = () => 410;
    const id = await client.submit();
    const [record] = await waitFor(
      () => deliveriesOf(id, gone.destination.id),
      ([delivery]) => delivery?.status === 'failed',
    );
    expect(record).toMatchObject({ attempts: 1, last_status_code: 410 });
    const listed = (await t.http().get('/staff/api/webhooks').set('Cookie', admin).expect(200)).body as {
      id: string;
      enabled: boolean;
      disabled_reason: string | null;
    }[];
    const destination = listed.find((row) => row.id === gone.destination.id)!;
    expect(destination.enabled).toBe(false);
    expect(destination.disabled_reason).toMatch(/^answered 410 Gone on \d{4}-/);

    const next = await client.submit();
    await waitUntil(() => global.successes().get(next) === 1, 'the global receiver');
    await queuesSettled(t);
    expect(gone.receiver.received).toHaveLength(1);
    expect(await deliveriesOf(next, gone.destination.id)).toEqual([]);

    const audit = (
      await t.http().get(`/staff/api/audit?action=webhook.disabled`).set('Cookie', admin).expect(200)
    ).body.items.map((event: { target_id: string }) => event.target_id);
    expect(audit).toContain(gone.destination.id);

    gone.receiver.respond = () => 200;
    const enabled = (
      await t
        .http()
        .post(`/staff/api/webhooks/${gone.destination.id}/enable`)
        .set('Cookie', admin)
        .set('Content-Type', 'application/json')
        .expect(200)
    ).body;
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
    const after = await client.submit();
    await waitUntil(() => gone.receiver.successes().get(after) === 1, 'a delivery after enabling');
  });

  it('records a timeout for a destination that hangs, without holding up the others', async () => {
    const client = await clientOf(t, 'Hanging');
    const hanging = await receiverFor(client.id);
    const healthy = await receiverFor(client.id);
    hanging.receiver.respond = () => 'hang';
    const id = await client.submit();
    await waitUntil(() => healthy.receiver.successes().get(id) === 1, 'the healthy receiver');
    // Not held up: the healthy destination had its answer while the hanging one's first attempt was
    // still waiting out its timeout (an attempt is counted once it settles). Ordered by events, not by
    // a wall-clock bound, which three test files at once on two cores overran.
    const [meanwhile] = await deliveriesOf(id, hanging.destination.id);
    expect(meanwhile?.attempts ?? 0).toBe(0);
    const [record] = await waitFor(
      () => deliveriesOf(id, hanging.destination.id),
      ([delivery]) => delivery?.status === 'failed',
    );
    expect(record.attempts).toBe(3);
    expect(record.attempt_log.map((attempt) => attempt.error)).toEqual([
      'timed out after 1 s',
      'timed out after 1 s',
      'timed out after 1 s',
    ]);
    expect(record.attempt_log.every((attempt) => attempt.status_code === null && attempt.duration_ms >= 990)).toBe(
      true,
    );
  });

  it('lists failed deliveries and replays one from the staff API', async () => {
    const client = await clientOf(t, 'Replayed');
    const down = await receiverFor(client.id);
    down.receiver.respond = () => 503;
    const id = await client.submit();
    const [failed] = await waitFor(
      () => deliveriesOf(id, down.destination.id),
      ([delivery]) => delivery?.status === 'failed',
    );
    expect(failed.attempts).toBe(3);
    const listed = (
      await t
        .http()
        .get(`/staff/api/deliveries?status=failed&destination_id=${down.destination.id}`)
        .set('Cookie', admin)
        .expect(200)
    ).body;
    expect(listed.items.map((delivery: Delivery) => delivery.id)).toEqual([failed.id]);
    await t.http().get('/staff/api/deliveries?status=lost').set('Cookie', admin).expect(400);

    down.receiver.respond = () => 200;
    const { cookie: agentCookie } = await signedInStaff(t, 'Replaying Agent');
    const replayed = await t
      .http()
      .post(`/staff/api/deliveries/${failed.id}/replay`)
      .set('Cookie', agentCookie)
      .set('Content-Type', 'application/json')
      .expect(202);
    expect(replayed.body).toMatchObject({ id: failed.id, status: 'pending' });
    const [delivered] = await waitFor(
      () => deliveriesOf(id, down.destination.id),
      ([delivery]) => delivery.status === 'delivered',
    );
    expect(delivered.attempts).toBe(4);
    expect(down.receiver.successes().get(id)).toBe(1);
    expect(down.receiver.of(id).every((delivery) => delivery.headers['webhook-id'] === failed.id)).toBe(true);
    await t
      .http()
      .post('/staff/api/deliveries/01900000-0000-7000-8000-000000000000/replay')
      .set('Cookie', agentCookie)
      .set('Content-Type', 'application/json')
      .expect(404);
  });

  it('collapses replays of one delivery sent together or within seconds of each other into one (issue 53, D10)', async () => {
    const client = await clientOf(t, 'Double click');
    const fast = await receiverFor(client.id);
    const id = await client.submit();
    const [delivered] = await waitFor(
      () => deliveriesOf(id, fast.destination.id),
      ([delivery]) => delivery?.status === 'delivered',
    );
    const { cookie } = await signedInStaff(t, 'Double Clicker');
    const replay = () =>
      t
        .http()
        .post(`/staff/api/deliveries/${delivered.id}/replay`)
        .set('Cookie', cookie)
        .set('Content-Type', 'application/json');
    const statuses = (await Promise.all(Array.from({ length: 10 }, replay))).map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    await waitUntil(() => fast.receiver.successes().get(id) === 2, 'the one replay');
    await waitFor(
      () => deliveriesOf(id, fast.destination.id),
      ([delivery]) => delivery.status === 'delivered',
    );
    // The replay has finished: a second click a second later is still the same click.
    t.clock.advance(1_000);
    const again = await replay();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'error', message: 'Delivery was replayed less than 5 seconds ago' });
    expect(fast.receiver.successes().get(id)).toBe(2);
    // Past the hold (five seconds), staff may replay it again.
    t.clock.advance(5_000);
    await replay().expect(202);
    await waitUntil(() => fast.receiver.successes().get(id) === 3, 'the later replay');
    // Settled (the hold runs from the attempt's record, which follows the receiver's answer) before
    // the clock moves on: moved earlier, the record would be stamped five seconds later.
    await waitFor(
      () => deliveriesOf(id, fast.destination.id),
      ([delivery]) => delivery.status === 'delivered' && delivery.attempts === 3,
    );
    // A slow replay: its hold runs from when its attempt settled, not from when it began.
    t.clock.advance(5_000);
    fast.receiver.delayMs = 700; // within WEBHOOK_TIMEOUT (1 s)
    await replay().expect(202);
    t.clock.advance(4_000); // while the receiver takes its time
    await waitFor(
      () => deliveriesOf(id, fast.destination.id),
      ([delivery]) => delivery.status === 'delivered' && delivery.attempts === 4,
    );
    t.clock.advance(2_000); // six seconds after it began, two after it settled
    expect((await replay()).status).toBe(409);
  });

  it('sends submission.status_changed after a staff PATCH to the destinations that subscribe', async () => {
    const client = await clientOf(t, 'Workflow');
    const subscribed = await receiverFor(client.id, ['submission.received', 'submission.status_changed']);
    const plain = await receiverFor(client.id);
    const id = await client.submit();
    await waitUntil(() => subscribed.receiver.successes().get(id) === 1, 'the received event');
    const { account, cookie } = await signedInStaff(t, 'Closer');
    await t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', cookie)
      .set('If-Match', '"1"')
      .send({ status: 'closed' })
      .expect(200);
    const changed = await waitFor(
      () =>
        Promise.resolve(
          subscribed.receiver.received.filter((delivery) => delivery.body.type === 'submission.status_changed'),
        ),
      (deliveries) => deliveries.length === 1,
    );
    expect(changed[0].body).toEqual({
      type: 'submission.status_changed',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { id, before: 'new', after: 'closed', actor_id: account.id },
    });
    expect(new Webhook(subscribed.destination.secret).verify(changed[0].rawBody, headersOf(changed[0]))).toEqual(
      changed[0].body,
    );
    await queuesSettled(t);
    expect(plain.receiver.received.map((delivery) => delivery.body.type)).toEqual(['submission.received']);
  });

  it('refuses a bad destination with the reason, and keeps agents out of the destination routes', async () => {
    const add = (body: object) => t.http().post('/staff/api/webhooks').set('Cookie', admin).send(body);
    expect((await add({ url: 'ftp://x.example.com/' }).expect(400)).body).toEqual({
      status: 'error',
      message: 'Invalid field: url (only http and https)',
    });
    expect((await add({ url: 'https://u:p@x.example.com/' }).expect(400)).body.message).toBe(
      'Invalid field: url (no credentials in the URL)',
    );
    expect((await add({}).expect(400)).body.message).toBe('Missing field: url');
    expect(
      (await add({ url: 'https://x.example.com/', events: ['submission.deleted'] }).expect(400)).body.message,
    ).toBe('Invalid field: events');
    expect(
      (await add({ url: 'https://x.example.com/', api_key_id: '01900000-0000-7000-8000-000000000000' }).expect(400))
        .body.message,
    ).toBe('Invalid field: api_key_id (no such key)');
    const { cookie: agentCookie } = await signedInStaff(t, 'Curious Agent');
    await t.http().get('/staff/api/webhooks').set('Cookie', agentCookie).expect(403);
    await t
      .http()
      .post('/staff/api/webhooks')
      .set('Cookie', agentCookie)
      .send({ url: 'https://x.example.com/' })
      .expect(403);
    await t
      .http()
      .delete('/staff/api/webhooks/01900000-0000-7000-8000-000000000000')
      .set('Cookie', admin)
      .set('Content-Type', 'application/json')
      .expect(404);
  });

  it('counts attempts in webhook_deliveries_total and times them per destination', async () => {
    const metrics = (await t.http().get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^webhook_deliveries_total\{result="delivered"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^webhook_deliveries_total\{result="gone"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^webhook_deliveries_total\{result="failed"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^webhook_delivery_duration_seconds_count\{destination="config"\} [1-9]\d*$/m);
  });
});

describe('webhook destinations from the CLI', () => {
  it('adds (secret shown once, as JSON), lists without secrets, rotates, removes', async () => {
    // The command line is the process under test: this side makes a key and reads the audit rows.
    const t = await createKeysAndAccounts();
    const prefix = { ...process.env, REDIS_PREFIX: t.config.redis.prefix };
    const cli = (...args: string[]) => runCli(['webhooks', ...args], { env: prefix });
    try {
      const { id: keyId } = await t.createKey({ name: 'CLI client' });
      const added = JSON.parse(
        (
          await cli(
            'add',
            '--api-key',
            keyId,
            '--url',
            'https://crm.example.com/hooks?token=abc',
            '--events',
            'submission.received,submission.status_changed',
            '--json',
          )
        ).stdout,
      );
      expect(Object.keys(added)).toEqual(['id', 'url', 'events', 'secret']);
      expect(added.events).toEqual(['submission.received', 'submission.status_changed']);
      expect(added.secret).toMatch(/^whsec_/);
      const listed = JSON.parse((await cli('list', '--json')).stdout) as { id: string; api_key_id: string }[];
      expect(listed.find((row) => row.id === added.id)).toMatchObject({ api_key_id: keyId, enabled: true });
      expect(JSON.stringify(listed)).not.toContain(added.secret);
      const rotated = JSON.parse((await cli('rotate-secret', added.id, '--json')).stdout);
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(added.secret);
      expect((await cli('remove', added.id)).stdout).toContain(added.id);
      const after = JSON.parse((await cli('list', '--json')).stdout) as { id: string }[];
      expect(after.map((row) => row.id)).not.toContain(added.id);
      const refused = await cli('add', '--url', 'http://169.254.169.254/latest/meta-data').catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain('Invalid field: url (the address is not public');
      const audit = await t.app
        .get(DataSource)
        .query('SELECT action, `after` FROM audit_events WHERE target_id = ? ORDER BY id', [added.id]);
      expect(audit.map((row: { action: string }) => row.action)).toEqual([
        'webhook.added',
        'webhook.secret_rotated',
        'webhook.removed',
      ]);
      // The URL's query string may hold a token: the audit trail keeps it out.
      expect(JSON.stringify(audit)).not.toContain('token=abc');
    } finally {
      await t.close();
    }
  });
});

describe('webhook SSRF protection (WEBHOOK_ALLOWED_HOSTS empty, WEBHOOK_ALLOW_PRIVATE off)', () => {
  it.each(['127.0.0.2', '[::ffff:127.0.0.1]'])(
    'refuses loopback literals when a destination is added, and at connect time (STAFF_WEBHOOK_URL at %s, a destination at localhost), recording why; nothing arrives',
    async (literal) => {
      const receiver = new WebhookReceiver();
      await receiver.start();
      const port = new URL(receiver.url).port;
      // STAFF_WEBHOOK_URL is configuration, not checked when added: the connect-time check alone stops it.
      const t = await createTestApp({
        ROLE: 'all',
        WEBHOOK_ALLOWED_HOSTS: '',
        WEBHOOK_RETRY_SCHEDULE: '0.1',
        STAFF_WEBHOOK_URL: `http://${literal}:${port}/hooks`,
      });
      try {
        const { cookie } = await signedInStaff(t, 'SSRF Admin', 'admin');
        // Address literals are refused when a destination is added. This app's settings beyond
        // WEBHOOK_ALLOWED_HOSTS (the worker, STAFF_WEBHOOK_URL) do not touch adding one, so the
        // check is made here rather than on an app of its own.
        for (const url of [
          'http://127.0.0.2/',
          'http://[::ffff:127.0.0.1]/',
          'http://[::1]:8080/',
          'http://0.0.0.0/',
        ]) {
          const refused = await t.http().post('/staff/api/webhooks').set('Cookie', cookie).send({ url }).expect(400);
          expect(refused.body.message).toBe(
            'Invalid field: url (the address is not public (see WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOWED_HOSTS))',
          );
        }
        const client = await clientOf(t, 'SSRF client');
        // A name passes when added (DNS can change); where it resolves is checked at every connection.
        const byName = (
          await t
            .http()
            .post('/staff/api/webhooks')
            .set('Cookie', cookie)
            .send({ url: `http://localhost:${port}/hooks`, api_key_id: client.id })
            .expect(201)
        ).body as Destination;
        const id = await client.submit();
        const records = await waitFor(
          async () =>
            (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body
              .webhooks as Delivery[],
          (deliveries) => deliveries.length === 2 && deliveries.every((delivery) => delivery.status === 'failed'),
        );
        for (const record of records) {
          expect(record.attempts).toBe(2);
          expect(record.attempt_log.every((attempt) => attempt.status_code === null)).toBe(true);
          expect(record.last_error).toMatch(/is not allowed\. Because, It is private IP address/);
        }
        expect(records.map((record) => record.destination_id).sort()).toEqual([byName.id, 'config'].sort());
        expect(receiver.received).toEqual([]);
      } finally {
        await t.close();
        await receiver.stop();
      }
    },
  );

  it('does not follow a redirect from an allowed receiver to another loopback port', async () => {
    const target = new WebhookReceiver();
    const redirecting = new WebhookReceiver();
    await target.start();
    await redirecting.start();
    redirecting.respond = () => ({ status: 302, headers: { Location: target.url } });
    const t = await createTestApp({
      ROLE: 'all',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.1',
      STAFF_WEBHOOK_URL: redirecting.url,
    });
    try {
      const client = await clientOf(t, 'Redirected client');
      const id = await client.submit();
      const [record] = await waitFor(
        () => deliveryRowsOf(t, id),
        ([row]) => row?.status === 'failed',
      );
      expect(record).toMatchObject({
        attempts: 2,
        last_status_code: 302,
        last_error: 'HTTP 302: redirects are not followed',
      });
      expect(redirecting.received).toHaveLength(2);
      expect(target.received).toEqual([]);
    } finally {
      await t.close();
      await redirecting.stop();
      await target.stop();
    }
  });
});

describe('webhook logs', () => {
  it("never write a destination URL's query string", async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    receiver.respond = () => 500;
    const port = await freePort();
    const prefix = uniquePrefix();
    const service = await startService({
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: prefix,
      HEALTH_PORT: '0',
      WEBHOOK_RETRY_SCHEDULE: '0.1',
      STAFF_WEBHOOK_URL: `${receiver.url}?token=query-secret-value`,
    });
    const keyMaker = await createKeysAndAccounts({ REDIS_PREFIX: prefix });
    try {
      const { key } = await keyMaker.createKey();
      const base = `http://127.0.0.1:${port}`;
      const auth = (await (
        await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } })
      ).json()) as {
        access_token: string;
      };
      const submitted = await fetch(`${base}/contact_api.php`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.access_token}` },
        body: JSON.stringify({ name: 'Logged' }),
      });
      expect(submitted.status).toBe(200);
      await waitUntil(() => service.output().includes('failed after 2 attempts'), 'the failure log line');
      expect(service.output()).toContain(`http://127.0.0.1:${new URL(receiver.url).port}/hooks/contact`);
      expect(service.output()).not.toContain('query-secret-value');
      expect(receiver.received[0].rawBody).not.toContain('query-secret-value');
    } finally {
      await keyMaker.close();
      expect(await service.stop()).toBe(0);
      await receiver.stop();
    }
  });
});
