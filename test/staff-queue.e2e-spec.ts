import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { createHmac } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { SUBMISSIONS_QUEUE } from '../src/queue/queue.constants';
import { SmtpSink } from './support/smtp-sink';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitFor, waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

const run = promisify(execFile);

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

const stateOf = async (t: TestApp, id: string) =>
  (
    await t.app
      .get(DataSource)
      .query('SELECT state, attempts, last_error, processed_at FROM submissions WHERE id = ?', [id])
  )[0];

describe('staff delivery by webhook', () => {
  const receiver = new WebhookReceiver();
  let t: TestApp;
  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      ROLE: 'all',
      STAFF_WEBHOOK_URL: receiver.url,
      STAFF_WEBHOOK_SECRET: 'webhook-secret',
      JOB_BACKOFF_DELAY: '0.25',
      JOB_ATTEMPTS: '3',
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('posts the signed submission with its id as Idempotency-Key and marks it delivered', async () => {
    receiver.respond = () => 200;
    const id = await submitAs(t, { name: 'Grace', email: 'grace@example.com', message: 'Hi 👋' });
    const state = await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'delivered',
    );
    expect(state.attempts).toBe(1);
    expect(state.processed_at).not.toBeNull();
    const delivery = receiver.received.find((d) => d.body.submission.id === id)!;
    expect(delivery.headers['idempotency-key']).toBe(id);
    expect(delivery.headers['content-type']).toBe('application/json');
    const expected = createHmac('sha256', 'webhook-secret').update(delivery.rawBody).digest('hex');
    expect(delivery.headers['x-signature-256']).toBe(`sha256=${expected}`);
    expect(delivery.body.event).toBe('submission.received');
    expect(delivery.body.submission).toEqual({
      id,
      name: 'Grace',
      email: 'grace@example.com',
      phone: null,
      business: null,
      message: 'Hi 👋',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      api_key: { id: expect.any(String), name: 'Acme Web' },
    });
  });

  it('records each channel attempt, and a staff redelivery sends a delivered submission again', async () => {
    receiver.respond = () => 200;
    const id = await submitAs(t, { name: 'Redelivered' });
    await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'delivered',
    );
    const admin = await newStaffAccount(t, 'Redeliverer', 'admin');
    const cookie = await staffCookie(t, admin.email);
    const before = (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body;
    expect(before.deliveries).toEqual([
      expect.objectContaining({ channel: 'webhook', attempts: 1, last_error: null, delivered_at: expect.any(String) }),
    ]);
    await t
      .http()
      .post(`/staff/api/submissions/${id}/redeliver`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .expect(202);
    await waitUntil(
      () => receiver.received.filter((delivery) => delivery.body.submission.id === id).length === 2,
      'the second delivery',
    );
    const after = await waitFor(
      async () => (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body,
      (detail) => detail.delivery_state === 'delivered' && detail.deliveries[0]?.attempts === 2,
    );
    expect(after.deliveries[0].delivered_at).toEqual(expect.any(String));
  });

  it('retries with growing delays: a receiver that fails twice gets it on the third attempt', async () => {
    const failures = new Map<string, number>();
    receiver.respond = (delivery) => {
      const seen = failures.get(delivery.body.submission.id) ?? 0;
      failures.set(delivery.body.submission.id, seen + 1);
      return seen < 2 ? 503 : 204;
    };
    const id = await submitAs(t, { name: 'Flaky' });
    const state = await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'delivered',
    );
    expect(state.attempts).toBe(3);
    expect(receiver.successes().get(id)).toBe(1);
    // Exponential backoff from JOB_BACKOFF_DELAY (250 ms): about 250 ms, then about 500 ms.
    const times = receiver.received
      .map((delivery, index) => ({ id: delivery.body.submission.id, at: receiver.arrivals[index] }))
      .filter((delivery) => delivery.id === id)
      .map((delivery) => delivery.at);
    expect(times).toHaveLength(3);
    const [first, second] = [times[1] - times[0], times[2] - times[1]];
    expect(first).toBeGreaterThanOrEqual(240);
    expect(second).toBeGreaterThanOrEqual(490);
    expect(second).toBeGreaterThan(first * 1.5);
  });

  it('leaves an exhausted job failed and visible, and `submissions retry` sends it again', async () => {
    receiver.respond = () => 500;
    const id = await submitAs(t, { name: 'Unlucky' });
    const failed = await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'failed',
    );
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toContain('webhook answered HTTP 500');
    const queue = t.app.get<Queue>(getQueueToken(SUBMISSIONS_QUEUE));
    expect(await (await queue.getJob(id))!.isFailed()).toBe(true);

    const listed = await run(process.execPath, ['dist/cli.js', 'submissions', 'list', '--state', 'failed', '--json'], {
      env: { ...process.env, REDIS_PREFIX: t.config.redis.prefix },
    });
    expect(JSON.parse(listed.stdout).map((row: { id: string }) => row.id)).toContain(id);

    receiver.respond = () => 200;
    const retried = await run(process.execPath, ['dist/cli.js', 'submissions', 'retry', id], {
      env: { ...process.env, REDIS_PREFIX: t.config.redis.prefix },
    });
    expect(retried.stdout).toContain(`${id}: retried`);
    await waitFor(
      () => stateOf(t, id),
      (row) => row.state === 'delivered',
    );
    expect(receiver.successes().get(id)).toBe(1);
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
    expect(receiver.successes().get(id)).toBe(1);
    expect(smtp.received.filter((m) => m.raw.includes(id))).toHaveLength(1);
  });
});

describe('a worker with no staff channel', () => {
  it('refuses to start, says why, and takes nothing off the queue', async () => {
    const prefix = uniquePrefix();
    const api = await createTestApp({ ROLE: 'api', REDIS_PREFIX: prefix });
    try {
      const id = await submitAs(api, { name: 'Waiting for a real channel' });
      const worker = spawn(process.execPath, ['dist/worker.js'], {
        env: { ...process.env, REDIS_PREFIX: prefix, HEALTH_PORT: '0', LOG_LEVEL: 'log' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => worker.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('No staff channel is configured');
      expect(output).toContain('STAFF_CHANNELS=none');
      expect((await stateOf(api, id)).state).not.toBe('delivered');
    } finally {
      await api.close();
    }
  });

  it('with STAFF_CHANNELS=none records a delivery on channel none, which `submissions retry` sends once a channel exists', async () => {
    const prefix = uniquePrefix();
    const receiver = new WebhookReceiver();
    await receiver.start();
    const quiet = await createTestApp({ ROLE: 'all', REDIS_PREFIX: prefix, STAFF_CHANNELS: 'none' });
    let id: string;
    try {
      id = await submitAs(quiet, { name: 'Kept in the service' });
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
    const sending = await createTestApp({ ROLE: 'all', REDIS_PREFIX: prefix, STAFF_WEBHOOK_URL: receiver.url });
    try {
      const retried = await run(process.execPath, ['dist/cli.js', 'submissions', 'retry', id], {
        env: { ...process.env, REDIS_PREFIX: prefix },
      });
      expect(retried.stdout).toContain(`${id}: re-sent`);
      await waitUntil(() => receiver.successes().get(id) === 1, 'delivery to the new channel');
      const again = await run(process.execPath, ['dist/cli.js', 'submissions', 'retry', id], {
        env: { ...process.env, REDIS_PREFIX: prefix },
      });
      expect(again.stdout).toContain(`${id}: already delivered`);
    } finally {
      await sending.close();
      await receiver.stop();
    }
  });

  it('refuses STAFF_CHANNELS=none together with a configured channel', async () => {
    await expect(
      createTestApp({ ROLE: 'all', STAFF_CHANNELS: 'none', STAFF_WEBHOOK_URL: 'http://127.0.0.1:9/x' }),
    ).rejects.toThrow('STAFF_CHANNELS');
  });
});

describe('admin queue dashboard', () => {
  it('is served at /admin/queues behind Basic auth', async () => {
    const t = await createTestApp({ ADMIN_USER: 'staff', ADMIN_PASSWORD: 'correct horse' });
    try {
      const refused = await t.http().get('/admin/queues').expect(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Basic /);
      expect(refused.body).toEqual({ status: 'error', message: 'Admin authentication required' });
      await t.http().get('/admin/queues').auth('staff', 'wrong').expect(401);
      await t.http().get('/admin/queues/api/queues').auth('staff', 'wrong').expect(401);
      const page = await t.http().get('/admin/queues').auth('staff', 'correct horse').expect(200);
      expect(page.text).toContain('<html');
      const api = await t.http().get('/admin/queues/api/queues').auth('staff', 'correct horse').expect(200);
      expect(JSON.stringify(api.body)).toContain(SUBMISSIONS_QUEUE);
    } finally {
      await t.close();
    }
  });

  it('is not mounted at all without ADMIN_USER', async () => {
    const t = await createTestApp();
    try {
      await t.http().get('/admin/queues').expect(404);
    } finally {
      await t.close();
    }
  });
});
