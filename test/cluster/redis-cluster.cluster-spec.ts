import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { openEventStream } from '../support/event-stream';
import { ownDatabase } from '../support/own-database';
import { freePort, startService, StartedProcess } from '../support/processes';
import { RedisCluster, startRedisCluster } from '../support/redis-cluster';
import { startSubmissionFlow } from '../support/submission-flow';
import { uniquePrefix } from '../support/test-app';
import { sleep, waitUntil } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

const run = promisify(execFile);

/**
 * The service on a Redis Cluster of its own (3 masters, 3 replicas): two API processes and a worker,
 * everything they keep in Redis (queues, limits, failure counts) spread over the cluster's slots.
 */
describe('on a Redis Cluster', () => {
  const receiver = new WebhookReceiver();
  const processes: StartedProcess[] = [];
  let cluster: RedisCluster;
  let database: { url: string; drop: () => Promise<void> };
  let env: Record<string, string>;
  let apis: string[];

  const cli = async (...args: string[]) =>
    JSON.parse((await run(process.execPath, ['dist/cli.js', ...args], { env: { ...process.env, ...env } })).stdout);
  const newKey = async (limit: number): Promise<string> =>
    (await cli('keys', 'create', '--name', `cluster ${limit}`, '--rate-limit', String(limit), '--json')).key as string;
  const tokensFor = async (key: string, api = apis[0]) =>
    (await request(api).post('/auth.php').set('X-API-KEY', key).expect(200)).body as {
      access_token: string;
      refresh_token: string;
    };
  // Each request says something new: the same content twice under one key is a duplicate to the spam filter.
  let sent = 0;
  const submit = (api: string, token: string, body: object = { name: 'Cluster Client' }) =>
    request(api)
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${token}`)
      .send({ message: `Request ${++sent}`, ...body });

  beforeAll(async () => {
    [cluster, database] = await Promise.all([startRedisCluster(), ownDatabase(), receiver.start()]).then(
      ([started, own]) => [started, own] as const,
    );
    env = {
      DATABASE_URL: database.url,
      REDIS_CLUSTER_NODES: cluster.nodesSetting,
      REDIS_PREFIX: uniquePrefix(),
      // The relay and the reconciler look every second: a failover's gap closes quickly.
      OUTBOX_RELAY_INTERVAL: '1',
      RECONCILE_INTERVAL: '1',
      // The failure-limit check below comes from an address of its own (X-Forwarded-For).
      TRUST_PROXY: 'true',
    };
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all([
      ...ports.map((port) => startService({ ...env, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1' })),
      freePort().then((health) =>
        startService(
          { ...env, ROLE: 'worker', HEALTH_PORT: String(health), STAFF_WEBHOOK_URL: receiver.url },
          'worker.js',
        ),
      ),
    ]);
    processes.push(...started);
    apis = ports.map((port) => `http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await Promise.all(processes.map((started) => started.stop()));
    await receiver.stop();
    await cluster?.stop();
    await database?.drop();
  });

  it('keeps one exact budget per key across two API processes (each script in one slot)', async () => {
    const key = await newKey(10);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (
          await request(apis[i % 2])
            .post('/auth.php')
            .set('X-API-KEY', key)
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
    // The failure limit per IP is a script too: 20 bad keys from one address, then 429 there.
    const failures: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await request(apis[i % 2])
        .post('/auth.php')
        .set('X-Forwarded-For', '198.51.100.7')
        .set('X-API-KEY', 'ck_nope');
      failures.push(response.status);
    }
    expect(failures).toEqual([...Array(20).fill(401), 429, 429]);
  });

  it('delivers every submission to the webhook receiver, and keeps the idempotency and refresh guarantees', async () => {
    const { access_token, refresh_token } = await tokensFor(await newKey(10_000));
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push((await submit(apis[i % 2], access_token).expect(200)).body.id as string);
    }
    await waitUntil(() => ids.every((id) => receiver.successes().get(id) === 1), 'every submission delivered');

    const idempotencyKey = `order-${Date.now()}`;
    const [first, second] = await Promise.all(
      apis.map((api) =>
        submit(api, access_token, { name: 'Twice Sent' }).set('Idempotency-Key', idempotencyKey).expect(200),
      ),
    );
    expect(second.body.id).toBe(first.body.id);

    await request(apis[0]).post('/auth_refresh.php').send({ refresh_token }).expect(200);
    await request(apis[1]).post('/auth_refresh.php').send({ refresh_token }).expect(401);
  });

  it("pushes live events through the cluster's pub/sub: a submission taken by one API process reaches the other's stream", async () => {
    const account = await cli(
      'staff',
      'create',
      '--email',
      'live@example.com',
      '--name',
      'Live',
      '--role',
      'agent',
      '--json',
    );
    const { token } = await cli('staff', 'token', 'create', '--staff', account.id, '--name', 'cluster live', '--json');
    const streams = await Promise.all(
      apis.map((api) => openEventStream(`${api}/staff/api/stream`, { Authorization: `Bearer ${token}` })),
    );
    try {
      expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
      const { access_token } = await tokensFor(await newKey(100));
      const id = (await submit(apis[0], access_token, { name: 'Live On The Cluster' }).expect(200)).body.id as string;
      for (const stream of streams) {
        expect(await stream.next((event) => event.id === id)).toEqual({ type: 'submission.created', id });
      }
    } finally {
      streams.forEach((stream) => stream.close());
    }
  });

  it('loses nothing when the master holding the queues dies while submissions flow, and recovers without a restart', async () => {
    const { access_token } = await tokensFor(await newKey(100_000));
    const queueMaster = await cluster.masterOf(`{${env.REDIS_PREFIX}}:bull:submissions:wait`);
    const flow = startSubmissionFlow(4, (client) => submit(apis[client % 2], access_token, { name: `Flow ${client}` }));
    const { accepted, statuses } = flow;
    await sleep(2000);
    await cluster.kill(queueMaster);
    await sleep(8000);
    await flow.stop();

    // Only 200s, and 503s (retry later) while the cluster re-forms.
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(accepted.length).toBeGreaterThan(100);
    await cluster.healthy();
    await waitUntil(
      () => accepted.every((id) => (receiver.successes().get(id) ?? 0) >= 1),
      `all ${accepted.length} accepted submissions delivered`,
      90_000,
    );

    // Still working, same processes: a new submission arrives, and limits hold again.
    const after = (await submit(apis[1], access_token, { name: 'After Failover' }).expect(200)).body.id as string;
    await waitUntil(() => receiver.successes().get(after) === 1, 'a submission after the failover delivered');
    const limited = await newKey(3);
    const auths: number[] = [];
    for (let i = 0; i < 4; i++) {
      auths.push(
        (
          await request(apis[i % 2])
            .post('/auth.php')
            .set('X-API-KEY', limited)
        ).status,
      );
    }
    expect(auths).toEqual([200, 200, 200, 429]);
  });
});
