import { DataSource } from 'typeorm';
import { freePort, startRedis, startService, StartedProcess } from './support/processes';
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

const statesOf = async (t: TestApp, ids: string[]): Promise<string[]> =>
  (
    await t.app
      .get(DataSource)
      .query(`SELECT state FROM submissions WHERE id IN (${ids.map(() => '?').join(',')})`, ids)
  ).map((row: { state: string }) => row.state);

describe('nothing accepted is lost when Redis is away', () => {
  const receiver = new WebhookReceiver();
  let redis: StartedProcess;
  let api: TestApp;
  let worker: TestApp | undefined;

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
    worker = await createTestApp({ ...shared, ROLE: 'worker', STAFF_WEBHOOK_URL: receiver.url });
    await waitUntil(async () => (await statesOf(api, ids)).every((state) => state === 'delivered'), 'delivery', 60_000);
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

describe('graceful shutdown of the API', () => {
  it('finishes in-flight work and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const api = await startService({
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: uniquePrefix(),
    });
    const response = await fetch(`http://127.0.0.1:${port}/auth.php`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await api.stop('SIGTERM')).toBe(0);
    expect(api.output()).toContain('SIGTERM received');
  });
});
