import { DataSource } from 'typeorm';
import { freePort, startRedis, startService, StartedProcess } from './support/processes';
import { createKeysAndAccounts, createWorkerContext, RoomContext, ServiceHost } from './support/room-context';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

async function submitMany(t: TestApp, count: number, label: string): Promise<string[]> {
  const { key } = await t.createKey({ rateLimit: 100_000 });
  const { access_token } = await issueTokens(t, key);
  const ids: string[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, (_, i) =>
        t
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ name: `${label} ${start + i}` }),
      ),
    );
    for (const response of batch) {
      expect(response.status).toBe(200);
      ids.push(response.body.id);
    }
  }
  return ids;
}

const statesOf = async (t: ServiceHost, ids: string[]): Promise<string[]> =>
  (
    await t.app
      .get(DataSource)
      .query(`SELECT state FROM submissions WHERE id IN (${ids.map(() => '?').join(',')})`, ids)
  ).map((row: { state: string }) => row.state);

describe('nothing accepted is lost when Redis is away', () => {
  const receiver = new WebhookReceiver();
  let redis: StartedProcess;
  let api: TestApp;
  let worker: RoomContext | undefined;

  afterAll(async () => {
    await worker?.close();
    await api.close();
    await redis.stop();
    await receiver.stop();
  });

  it('stores 20 submissions during the outage and delivers all 20 once Redis returns', async () => {
    await receiver.start();
    const port = await freePort();
    redis = await startRedis(port);
    const shared = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: uniquePrefix() };
    api = await createTestApp({ ...shared, ROLE: 'api', OUTBOX_RELAY_INTERVAL: '1' });
    const { key } = await api.createKey({ rateLimit: 1000 });
    const { access_token } = await issueTokens(api, key);

    await redis.stop();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await api
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access_token}`)
        .send({ name: `Outage ${i}` })
        .expect(200);
      ids.push(response.body.id);
    }
    expect(new Set(await statesOf(api, ids))).toEqual(new Set(['received']));

    redis = await startRedis(port);
    // The worker role without an HTTP app: nothing here asks the worker anything but to deliver.
    worker = await createWorkerContext({ ...shared, STAFF_WEBHOOK_URL: receiver.url });
    await waitUntil(async () => (await statesOf(api, ids)).every((state) => state === 'delivered'), 'delivery', 60_000);
    // `delivered` means each webhook destination has its job; the webhook itself arrives a moment later
    // (under a full parallel test run, often after this point).
    await waitUntil(() => ids.every((id) => receiver.successes().has(id)), 'the webhooks', 60_000);
    const delivered = receiver.successes();
    expect(ids.every((id) => delivered.get(id) === 1)).toBe(true);
  });
});

describe('several worker processes', () => {
  const receiver = new WebhookReceiver();
  const workers: StartedProcess[] = [];
  let api: TestApp;

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await api?.close();
    await receiver.stop();
  });

  it('deliver 200 submissions between them, each exactly once, and exit 0 on SIGTERM', async () => {
    await receiver.start();
    const shared = { REDIS_PREFIX: uniquePrefix(), STAFF_WEBHOOK_URL: receiver.url, WORKER_CONCURRENCY: '5' };
    for (let i = 0; i < 2; i++) {
      workers.push(await startService({ ...shared, HEALTH_PORT: String(await freePort()) }, 'worker.js'));
    }
    api = await createTestApp({ REDIS_PREFIX: shared.REDIS_PREFIX, ROLE: 'api' });
    const ids = await submitMany(api, 200, 'Load');

    await waitUntil(() => receiver.successes().size === 200, '200 deliveries', 60_000);
    await waitUntil(
      async () => (await statesOf(api, ids)).every((state) => state === 'delivered'),
      'delivered state',
      60_000,
    );
    const counts = receiver.successes();
    expect(ids.every((id) => counts.get(id) === 1)).toBe(true);
    expect(receiver.received).toHaveLength(200);
    for (const worker of workers) {
      expect(worker.output()).toMatch(/Submission [0-9a-f-]{36} delivered/);
    }
    for (const worker of workers) {
      expect(await worker.stop('SIGTERM')).toBe(0);
    }
  });
});

describe('graceful shutdown', () => {
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.stop());

  it('on SIGTERM with 50 submissions and a slow delivery in flight: every 200 is committed, the delivery finishes, exit 0', async () => {
    await receiver.start();
    receiver.delayMs = 2000;
    const port = await freePort();
    const prefix = uniquePrefix();
    const service = await startService({
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: prefix,
      STAFF_WEBHOOK_URL: receiver.url,
      SHUTDOWN_TIMEOUT: '15',
    });
    const keyMaker = await createKeysAndAccounts({ REDIS_PREFIX: prefix });
    try {
      const { key } = await keyMaker.createKey({ rateLimit: 10_000 });
      const base = `http://127.0.0.1:${port}`;
      const tokens = (await (
        await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } })
      ).json()) as {
        access_token: string;
      };
      const submit = (name: string) =>
        fetch(`${base}/contact_api.php`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name }),
        }).then(
          async (response) => ({ status: response.status, id: ((await response.json()) as { id?: string }).id }),
          () => ({ status: 0, id: undefined }), // refused once the listener closed
        );
      const slow = await submit('Slow delivery');
      expect(slow.status).toBe(200);
      await waitUntil(() => receiver.received.length === 1, 'the slow delivery to start');

      const inFlight = Array.from({ length: 50 }, (_, i) => submit(`In flight ${i}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const exitCode = await service.stop('SIGTERM');
      const answers = await Promise.all(inFlight);

      if (exitCode !== 0) {
        process.stderr.write(service.output().slice(-4000));
      }
      expect(exitCode).toBe(0);
      expect(answers.filter((answer) => ![0, 200, 503].includes(answer.status))).toEqual([]);
      const accepted = answers.filter((answer) => answer.status === 200).map((answer) => answer.id!);
      expect(accepted.length).toBeGreaterThan(0);
      expect(await statesOf(keyMaker, accepted)).toHaveLength(accepted.length);
      // The delivery that was in flight finished before the process exited.
      expect(receiver.received[0].status).toBe(200);
      expect(await statesOf(keyMaker, [slow.id!])).toEqual(['delivered']);
      expect(service.output()).toContain('SIGTERM received');
    } finally {
      await keyMaker.close();
      await service.stop();
    }
  });
});
