import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { GaleraCluster, startGaleraCluster } from '../support/galera';
import { freePort, startService, StartedProcess } from '../support/processes';
import { startSubmissionFlow } from '../support/submission-flow';
import { uniquePrefix } from '../support/test-app';
import { sleep, waitUntil } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

const run = promisify(execFile);
const DATABASE = 'contact_intake_galera';
const ROUNDS = 50;
const PASSWORD = 'a galera staff passphrase';

/**
 * The service on a 3-node MariaDB Galera cluster (multi-primary) of its own: one API process attached
 * to each node, so concurrent writes meet as certification conflicts at commit, not as lock waits.
 */
describe('on a MariaDB Galera cluster', () => {
  const receiver = new WebhookReceiver();
  const processes: StartedProcess[] = [];
  let galera: GaleraCluster;
  let env: Record<string, string>;
  /** The API on node 1, 2, 3. */
  let apis: string[];
  let db: DataSource;

  const urlOf = (node: number) => `${galera.nodes[node].url}/${DATABASE}`;
  const cli = async (args: string[], input = '') => {
    const child = run(process.execPath, ['dist/cli.js', ...args], { env: { ...process.env, ...env } });
    child.child.stdin?.end(input);
    return JSON.parse((await child).stdout) as Record<string, string>;
  };
  const newKey = async () =>
    (await cli(['keys', 'create', '--name', 'galera', '--rate-limit', '1000000', '--json'])).key;
  const tokensFor = async (key: string) =>
    (await request(apis[0]).post('/auth.php').set('X-API-KEY', key).expect(200)).body as {
      access_token: string;
      refresh_token: string;
    };
  // Each request says something new: the same content twice under one key is a duplicate to the spam filter.
  let sent = 0;
  const submit = (api: string, token: string, body: object = { name: 'Galera Client' }) =>
    request(api)
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${token}`)
      .send({ message: `Request ${++sent}`, ...body });

  beforeAll(async () => {
    [galera] = await Promise.all([startGaleraCluster(), receiver.start()]);
    env = {
      DATABASE_URL: urlOf(0),
      REDIS_PREFIX: uniquePrefix(),
      // Each lost race on a refresh token is a failed authentication: let the races run.
      AUTH_FAILURE_LIMIT: '100000',
      OUTBOX_RELAY_INTERVAL: '1',
      RECONCILE_INTERVAL: '1',
      STAFF_RATE_LIMIT: '100000',
    };
  }, 180_000);
  afterAll(async () => {
    await Promise.all(processes.map((started) => started.stop()));
    await db?.destroy();
    await receiver.stop();
    await galera?.stop();
  });

  it('applies each migration once when three processes start together, one per node, on an empty database', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const started = await Promise.all(
      ports.map((port, node) =>
        startService({ ...env, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: urlOf(node) }),
      ),
    );
    processes.push(...started);
    processes.push(
      await startService(
        { ...env, ROLE: 'worker', HEALTH_PORT: String(await freePort()), STAFF_WEBHOOK_URL: receiver.url },
        'worker.js',
      ),
    );
    apis = ports.map((port) => `http://127.0.0.1:${port}`);

    db = new DataSource(buildDataSourceOptions({ url: urlOf(1), poolSize: 4, connectTimeoutMs: 5000 }));
    await db.initialize();
    const names = await db.query<{ name: string }[]>('SELECT name FROM migrations');
    expect(names).toHaveLength(db.migrations.length);
    expect(new Set(names.map((row) => row.name)).size).toBe(db.migrations.length);
    expect(await db.query('SELECT * FROM schema_lock')).toEqual([]);
  });

  it(`gives one winner to each cross-node race, ${ROUNDS} times each: refresh, Idempotency-Key, staff PATCH`, async () => {
    const key = await newKey();
    const refreshOutcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { refresh_token } = await tokensFor(key);
      const answers = await Promise.all(
        [apis[1], apis[2]].map((api) => request(api).post('/auth_refresh.php').send({ refresh_token })),
      );
      refreshOutcomes.push(
        answers
          .map((answer) => answer.status)
          .sort()
          .join(','),
      );
    }
    expect(refreshOutcomes).toEqual(Array(ROUNDS).fill('200,401'));

    const { access_token } = await tokensFor(key);
    for (let round = 0; round < ROUNDS; round++) {
      const idempotencyKey = `galera-order-${round}`;
      const answers = await Promise.all(
        apis.map((api) => submit(api, access_token, { name: `Order ${round}` }).set('Idempotency-Key', idempotencyKey)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body.id as string)).size).toBe(1);
    }
    const [{ n: stored }] = await db.query<{ n: string }[]>(
      "SELECT COUNT(*) AS n FROM submissions WHERE name LIKE 'Order %'",
    );
    expect(Number(stored)).toBe(ROUNDS);

    const email = `galera.admin.${Date.now()}@example.com`;
    await cli(
      ['staff', 'create', '--email', email, '--name', 'Galera Admin', '--role', 'admin', '--password-stdin', '--json'],
      PASSWORD,
    );
    const login = await request(apis[0]).post('/staff/api/login').send({ email, password: PASSWORD }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const patchOutcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const id = (await submit(apis[round % 3], access_token).expect(200)).body.id as string;
      const { headers } = await request(apis[0]).get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
      const answers = await Promise.all(
        (['open', 'pending'] as const).map((status, i) =>
          request(apis[1 + i])
            .patch(`/staff/api/submissions/${id}`)
            .set('Cookie', cookie)
            .set('If-Match', headers.etag)
            .send({ status }),
        ),
      );
      patchOutcomes.push(
        answers
          .map((answer) => answer.status)
          .sort()
          .join(','),
      );
    }
    expect(patchOutcomes).toEqual(Array(ROUNDS).fill('200,412'));
  });

  it('stores and delivers 500 submissions spread over the three nodes, each once', async () => {
    const { access_token } = await tokensFor(await newKey());
    const ids: string[] = [];
    for (let batch = 0; batch < 25; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => submit(apis[i % 3], access_token, { name: `Spread ${batch}-${i}` })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      ids.push(...answers.map((answer) => answer.body.id as string));
    }
    expect(new Set(ids).size).toBe(500);
    for (const node of [0, 1, 2]) {
      const count = await galera.sql(node, `SELECT COUNT(*) FROM ${DATABASE}.submissions WHERE name LIKE 'Spread %'`);
      expect(Number(count.trim())).toBe(500);
    }
    await waitUntil(() => ids.every((id) => receiver.successes().get(id) === 1), 'all 500 delivered once', 60_000);
  });

  it('loses nothing accepted when a node stops and rejoins mid-run (its API answers 503 meanwhile)', async () => {
    const { access_token } = await tokensFor(await newKey());
    const flow = startSubmissionFlow(6, (client) =>
      submit(apis[client % 3], access_token, { name: `Outage ${client}` }),
    );
    const { accepted, statuses } = flow;
    await sleep(1500);
    await galera.stopNode(2);
    await sleep(3000);
    await galera.startNode(2);
    // The API on node 3 takes submissions again without a restart.
    await waitUntil(
      async () => (await submit(apis[2], access_token)).status === 200,
      'node 3 API serving again',
      60_000,
    );
    await flow.stop();

    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    const stored = new Set(
      (await db.query<{ id: string }[]>("SELECT id FROM submissions WHERE name LIKE 'Outage %'")).map((row) => row.id),
    );
    expect(accepted.filter((id) => !stored.has(id))).toEqual([]);
    const onRejoined = await galera.sql(2, `SELECT COUNT(*) FROM ${DATABASE}.submissions WHERE name LIKE 'Outage %'`);
    expect(Number(onRejoined.trim())).toBe(stored.size);
    await waitUntil(
      () => accepted.every((id) => (receiver.successes().get(id) ?? 0) >= 1),
      `all ${accepted.length} accepted submissions delivered`,
      60_000,
    );
  });
});
