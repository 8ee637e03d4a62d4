import { runCli, startService } from './support/processes';
import { createRoomContext, createWorkerContext, RoomContext, ServiceHost } from './support/room-context';
import { ApiKeyModule } from '../src/api-keys/api-key.module';
import { ContactService } from '../src/contact/contact.service';
import { IntakeModule } from '../src/contact/contact.module';
import { FactHandlersModule } from '../src/fact-handlers.module';
import { QueueModule } from '../src/queue/queue.module';
import { createHmac } from 'node:crypto';

import { Webhook } from 'standardwebhooks';
import { SUBMISSIONS_QUEUE, WEBHOOKS_QUEUE } from '../src/queue/queue.constants';
import { DataSource } from 'typeorm';
import { SmtpSink } from './support/smtp-sink';
import { signedInStaff } from './support/staff';
import { loadConfig } from '../src/config/app-config';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitFor, waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';
import { ownDatabase } from './support/own-database';

async function submitAs(t: TestApp, body: object): Promise<string> {
  const { key } = await t.createKey({ name: 'Acme Web', rateLimit: 10_000 });
  const { access_token } = await issueTokens(t, key);
  const response = await t
    .http()
    .post('/contact_api.php')
    .set('Authorization', `Bearer ${access_token}`)
    .send(body)
    .expect(200);
  return response.body.id as string;
}

/**
 * Takes a submission in through the intake the route uses (ContactService: stored, then handed to the
 * queue), for the tests below whose subject is what a worker does with it, not the route.
 */
async function takeIn(host: RoomContext, body: { name: string; email?: string }): Promise<string> {
  const { id } = await host.createKey({ name: 'Acme Web', rateLimit: 10_000 });
  return host.app
    .get(ContactService, { strict: false })
    .submit(body, { apiKeyId: id, spamFilter: true, clientIp: '127.0.0.1' });
}

const stateOf = async (t: ServiceHost, id: string) =>
  (
    await t.app
      .get(DataSource)
      .query('SELECT state, attempts, last_error, processed_at FROM submissions WHERE id = ?', [id])
  )[0];

interface WebhookDeliveryRow {
  id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
}

const webhookDeliveriesOf = (t: TestApp, id: string) =>
  t.app
    .get(DataSource)
    .query<WebhookDeliveryRow[]>(
      'SELECT id, status, attempts, last_status_code, last_error FROM webhook_deliveries WHERE submission_id = ?',
      [id],
    );

describe('staff delivery to STAFF_WEBHOOK_URL', () => {
  const receiver = new WebhookReceiver();
  let t: TestApp;
  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      ROLE: 'all',
      STAFF_WEBHOOK_URL: receiver.url,
      STAFF_WEBHOOK_SECRET: 'webhook-secret-0123',
      WEBHOOK_RETRY_SCHEDULE: '0.3,0.6',
      // The admin queue dashboard's test below shares this app (the e-mail one has no ADMIN_USER).
      ADMIN_USER: 'staff',
      ADMIN_PASSWORD: 'correct horse',
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it("posts the submission in the Standard Webhooks envelope, signed both ways, with part one's fields kept", async () => {
    receiver.respond = () => 200;
    const id = await submitAs(t, { name: 'Grace', email: 'grace@example.com', message: 'Hi 👋' });
    await waitUntil(() => receiver.successes().get(id) === 1, 'the delivery');
    const state = await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'delivered',
    );
    expect(state.attempts).toBe(1);
    expect(state.processed_at).not.toBeNull();
    const delivery = receiver.of(id)[0];
    expect(delivery.headers['idempotency-key']).toBe(id);
    expect(delivery.headers['content-type']).toBe('application/json');
    const expected = createHmac('sha256', 'webhook-secret-0123').update(delivery.rawBody).digest('hex');
    expect(delivery.headers['x-signature-256']).toBe(`sha256=${expected}`);
    // STAFF_WEBHOOK_SECRET that is not a whsec_ secret is used as its UTF-8 bytes.
    const verifier = new Webhook(`whsec_${Buffer.from('webhook-secret-0123').toString('base64')}`);
    expect(verifier.verify(delivery.rawBody, delivery.headers as Record<string, string>)).toEqual(delivery.body);
    const data = {
      id,
      name: 'Grace',
      email: 'grace@example.com',
      phone: null,
      business: null,
      message: 'Hi 👋',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      api_key: { id: expect.any(String), name: 'Acme Web' },
    };
    expect(delivery.body).toEqual({
      type: 'submission.received',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data,
      event: 'submission.received',
      submission: data,
    });
    // The delivery's row records the answer once the worker has it, which may be after the receiver saw
    // the request and the submission's own state moved on.
    const [record] = await waitFor(
      () => webhookDeliveriesOf(t, id),
      ([row]) => row?.status !== 'pending',
    );
    expect(delivery.headers['webhook-id']).toBe(record.id);
    expect(record).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
  });

  it('records each attempt, and a staff redelivery sends a delivered submission again under the same webhook-id', async () => {
    receiver.respond = () => 200;
    const id = await submitAs(t, { name: 'Redelivered' });
    await waitUntil(() => receiver.successes().get(id) === 1, 'the first delivery');
    const { cookie } = await signedInStaff(t, 'Redeliverer', 'admin');
    const before = await waitFor(
      async () => (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body,
      (detail) => detail.webhooks[0]?.status === 'delivered',
    );
    expect(before.deliveries).toEqual([
      expect.objectContaining({ channel: 'webhooks', attempts: 1, last_error: null, delivered_at: expect.any(String) }),
    ]);
    expect(before.webhooks).toEqual([
      expect.objectContaining({
        destination_id: 'config',
        event: 'submission.received',
        attempts: 1,
        attempt_log: [expect.objectContaining({ status_code: 200, error: null })],
      }),
    ]);
    await t
      .http()
      .post(`/staff/api/submissions/${id}/redeliver`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .expect(202);
    await waitUntil(() => receiver.successes().get(id) === 2, 'the second delivery');
    const [first, second] = receiver.of(id);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const after = await waitFor(
      async () => (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body,
      (detail) => detail.webhooks[0]?.status === 'delivered' && detail.webhooks[0].attempts === 2,
    );
    expect(after.deliveries[0]).toMatchObject({ channel: 'webhooks', attempts: 2 });
    expect(after.webhooks[0].attempt_log).toHaveLength(2);
  });

  it('retries on WEBHOOK_RETRY_SCHEDULE: a receiver that fails twice gets it on the third attempt', async () => {
    const failures = new Map<string, number>();
    receiver.respond = (delivery) => {
      const seen = failures.get(delivery.body.data.id) ?? 0;
      failures.set(delivery.body.data.id, seen + 1);
      return seen < 2 ? 503 : 204;
    };
    const id = await submitAs(t, { name: 'Flaky' });
    await waitUntil(() => receiver.successes().get(id) === 1, 'the third attempt');
    const [record] = await waitFor(
      () => webhookDeliveriesOf(t, id),
      ([row]) => row?.status === 'delivered',
    );
    expect(record).toMatchObject({ attempts: 3, last_status_code: 204, last_error: null });
    // The schedule's 0.3 s then 0.6 s, each within ±10 % jitter.
    const times = receiver.received
      .map((delivery, index) => ({ id: delivery.body.data.id, at: receiver.arrivals[index] }))
      .filter((delivery) => delivery.id === id)
      .map((delivery) => delivery.at);
    expect(times).toHaveLength(3);
    const [first, second] = [times[1] - times[0], times[2] - times[1]];
    // Lower bounds only: a busy machine delays an attempt, never hastens it. The second gap's bound is
    // past what the first step with its jitter allows (330 ms), so each gap is its own step.
    expect(first).toBeGreaterThanOrEqual(260);
    expect(second).toBeGreaterThanOrEqual(530);
  });

  it('leaves a delivery failed and visible after the last attempt, and `webhooks replay` sends it again', async () => {
    receiver.respond = () => 500;
    const id = await submitAs(t, { name: 'Unlucky' });
    const [failed] = await waitFor(
      () => webhookDeliveriesOf(t, id),
      ([row]) => row?.status === 'failed',
    );
    expect(failed).toMatchObject({ attempts: 3, last_status_code: 500, last_error: 'HTTP 500' });
    // The submission itself was handed over: its job is done.
    expect((await stateOf(t, id)).state).toBe('delivered');

    const listed = await runCli(['webhooks', 'deliveries', '--status', 'failed', '--json'], {
      env: { ...process.env, REDIS_PREFIX: t.config.redis.prefix },
    });
    expect(JSON.parse(listed.stdout).map((row: { id: string }) => row.id)).toContain(failed.id);

    receiver.respond = () => 200;
    const replayed = await runCli(['webhooks', 'replay', failed.id], {
      env: { ...process.env, REDIS_PREFIX: t.config.redis.prefix },
    });
    expect(replayed.stdout).toContain(`${failed.id}: replaying`);
    await waitFor(
      () => webhookDeliveriesOf(t, id),
      ([row]) => row.status === 'delivered' && row.attempts === 4,
    );
    expect(receiver.successes().get(id)).toBe(1);
  });

  it('serves the admin queue dashboard at /admin/queues behind Basic auth', async () => {
    const refused = await t.http().get('/admin/queues').expect(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Basic /);
    expect(refused.body).toEqual({ status: 'error', message: 'Admin authentication required' });
    await t.http().get('/admin/queues').auth('staff', 'wrong').expect(401);
    await t.http().get('/admin/queues/api/queues').auth('staff', 'wrong').expect(401);
    const page = await t.http().get('/admin/queues').auth('staff', 'correct horse').expect(200);
    expect(page.text).toContain('<html');
    const api = await t.http().get('/admin/queues/api/queues').auth('staff', 'correct horse').expect(200);
    expect(JSON.stringify(api.body)).toContain(SUBMISSIONS_QUEUE);
    expect(JSON.stringify(api.body)).toContain(WEBHOOKS_QUEUE);
  });
});

describe('staff delivery by e-mail', () => {
  const smtp = new SmtpSink();
  const receiver = new WebhookReceiver();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
    await receiver.start();
    t = await createTestApp({
      ROLE: 'all',
      SMTP_URL: smtp.url,
      STAFF_EMAIL_TO: 'staff@example.com',
      STAFF_EMAIL_FROM: 'intake@example.com',
      STAFF_WEBHOOK_URL: receiver.url,
      JOB_BACKOFF_DELAY: '0.1',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await receiver.stop();
  });

  it('sends one text and HTML message replying to the submitter', async () => {
    const id = await submitAs(t, { name: 'Linus <script>', email: 'linus@example.org', message: 'Line 1\nLine 2' });
    await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'delivered',
    );
    const mail = smtp.received.find((m) => m.raw.includes(id))!;
    expect(mail.to).toEqual(['staff@example.com']);
    expect(mail.from).toBe('intake@example.com');
    expect(mail.raw).toMatch(/^Reply-To: linus@example.org/m);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('Linus &lt;script&gt;');
  });

  it('does not deliver again to a channel that already succeeded when the other one is retried', async () => {
    smtp.rejectNext = 1;
    const id = await submitAs(t, { name: 'Two Channels', email: 'two@example.org' });
    const state = await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'delivered',
    );
    expect(state.attempts).toBe(2);
    await waitFor(
      () => webhookDeliveriesOf(t, id),
      (rows) => rows.length === 1 && rows[0].status === 'delivered',
    );
    expect(receiver.successes().get(id)).toBe(1);
    expect(smtp.received.filter((m) => m.raw.includes(id))).toHaveLength(1);
  });

  it('mounts no admin queue dashboard without ADMIN_USER', async () => {
    await t.http().get('/admin/queues').expect(404);
  });
});

describe('a worker with no external staff channel', () => {
  it('works on the inbox (the console) when nothing else is configured: starts, takes the submission, exits 0', async () => {
    const prefix = uniquePrefix();
    // A database of its own: a worker of another file (STAFF_CHANNELS=none) relays every stored
    // submission of the run's database it finds, and once took this one first (channel `none`).
    const database = await ownDatabase();
    // The API's part is only to take the submission in: the intake's rooms, without an HTTP app.
    const api = await createRoomContext([QueueModule, FactHandlersModule, ApiKeyModule, IntakeModule], {
      REDIS_PREFIX: prefix,
      DATABASE_URL: database.url,
    });
    try {
      const id = await takeIn(api, { name: 'Kept in the inbox' });
      const worker = await startService(
        { REDIS_PREFIX: prefix, HEALTH_PORT: '0', DATABASE_URL: database.url },
        'worker.js',
      );
      try {
        // Delivered to the channels there are: the webhook destinations added in the console (none
        // here); staff find it in the console's inbox.
        await waitFor(
          () => stateOf(api, id),
          (row) => row.state === 'delivered',
        );
        const channels = await api.app
          .get(DataSource)
          .query('SELECT channel FROM submission_deliveries WHERE submission_id = ?', [id]);
        expect(channels).toEqual([{ channel: 'webhooks' }]);
      } finally {
        expect(await worker.stop('SIGTERM')).toBe(0);
      }
    } finally {
      await api.close();
      await database.drop();
    }
  });

  it('with STAFF_CHANNELS=none records a delivery on channel none, which `submissions retry` sends once a channel exists', async () => {
    const prefix = uniquePrefix();
    const receiver = new WebhookReceiver();
    await receiver.start();
    // Workers without an HTTP app: the first takes the submission in through the intake (as a worker
    // does for mail) and delivers it; the second, once a channel exists, sends the retry.
    const quiet = await createWorkerContext({ REDIS_PREFIX: prefix, STAFF_CHANNELS: 'none' });
    let id: string;
    try {
      id = await takeIn(quiet, { name: 'Kept in the service' });
      await waitFor(
        () => stateOf(quiet, id),
        (row) => row.state === 'delivered',
      );
      const channels = await quiet.app
        .get(DataSource)
        .query('SELECT channel FROM submission_deliveries WHERE submission_id = ?', [id]);
      expect(channels).toEqual([{ channel: 'none' }]);
    } finally {
      await quiet.close();
    }
    const sending = await createWorkerContext({ REDIS_PREFIX: prefix, STAFF_WEBHOOK_URL: receiver.url });
    try {
      const retried = await runCli(['submissions', 'retry', id], {
        env: { ...process.env, REDIS_PREFIX: prefix },
      });
      expect(retried.stdout).toContain(`${id}: re-sent`);
      await waitUntil(() => receiver.successes().get(id) === 1, 'delivery to the new channel');
      const again = await runCli(['submissions', 'retry', id], {
        env: { ...process.env, REDIS_PREFIX: prefix },
      });
      expect(again.stdout).toContain(`${id}: already delivered`);
    } finally {
      await sending.close();
      await receiver.stop();
    }
  });

  it('refuses STAFF_CHANNELS=none together with a configured channel', () => {
    // loadConfig is the first step of every start (createTestApp's too): the refusal comes before a boot.
    expect(() =>
      loadConfig({ ROLE: 'all', STAFF_CHANNELS: 'none', STAFF_WEBHOOK_URL: 'http://127.0.0.1:9/x' }),
    ).toThrow('STAFF_CHANNELS');
  });
});
