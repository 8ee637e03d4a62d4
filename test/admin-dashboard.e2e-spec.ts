import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { AddressInfo } from 'node:net';
import { QUEUE_NAMES } from '../src/queue/job-catalogue';
import { SUBMISSIONS_QUEUE } from '../src/queue/queue.constants';
import { rawRequest } from './support/raw-http';
import { createTestApp, TestApp } from './support/test-app';

const USER = 'staff';
const PASSWORD = 'correct horse battery';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Ways to spell the dashboard's read and write routes that a prefix comparison would miss. */
const SPELLINGS = (route: string) => [
  `/admin/%71ueues${route}`,
  `/%61dmin/queues${route}`,
  `/admin/queues${route.replace('api', '%61pi')}`,
  `/%61%64%6d%69%6e/%71%75%65%75%65%73${route}`,
  `/ADMIN/Queues${route}`,
  `/admin/QUEUES${route}`,
  `//admin//queues${route}`,
  `/admin/queues/../queues${route}`,
  `/admin/x/../queues${route}`,
  `/admin/queues${route}/`,
  `/admin/queues${route}?x=1`,
];

describe.each([
  ['', ''],
  ['under BASE_PATH', '/api/v1'],
])('the admin queue dashboard %s', (_label, basePath) => {
  let t: TestApp;
  let port: number;
  let queue: Queue;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_USER: USER, ADMIN_PASSWORD: PASSWORD, BASE_PATH: basePath, TRUST_PROXY: 'true' });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    queue = t.app.get<Queue>(getQueueToken(SUBMISSIONS_QUEUE));
  });
  afterAll(() => t.close());

  // Each test speaks from an IP of its own, so the failed-login limit of one does not reach another.
  let ip = 0;
  const from = () => ({ 'X-Forwarded-For': `10.1.0.${++ip}` });

  it('serves the dashboard and its API with the right credentials (the control)', async () => {
    const client = from();
    const page = await rawRequest(port, 'GET', `${basePath}/admin/queues`, {
      ...client,
      Authorization: basic(USER, PASSWORD),
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html');
    const api = await rawRequest(port, 'GET', `${basePath}/admin/queues/api/queues`, {
      ...client,
      Authorization: basic(USER, PASSWORD),
    });
    expect(api.status).toBe(200);
    // Every queue of the catalogue, however many there are.
    const shown = (JSON.parse(api.body) as { queues: { name: string }[] }).queues.map((queue) => queue.name);
    expect(shown.sort()).toEqual([...QUEUE_NAMES].sort());
    expect(shown).toHaveLength(7);
  });

  it.each(['', '/api/queues'].flatMap((route) => SPELLINGS(route)))(
    'answers 401 to GET %s without credentials',
    async (path) => {
      const response = await rawRequest(port, 'GET', `${basePath}${path}`, from());
      expect(response.status).toBe(401);
      expect(JSON.parse(response.body)).toEqual({ status: 'error', message: 'Admin authentication required' });
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
    },
  );

  it.each(SPELLINGS('/api/queues/submissions/pause'))(
    'answers 401 to PUT %s without credentials and leaves the queue running',
    async (path) => {
      const response = await rawRequest(port, 'PUT', `${basePath}${path}`, from());
      expect(response.status).toBe(401);
      expect(await queue.isPaused()).toBe(false);
    },
  );

  it('answers 401 to wrong credentials on the write route, and the queue keeps running', async () => {
    const response = await rawRequest(port, 'PUT', `${basePath}/admin/%71ueues/api/queues/submissions/pause`, {
      ...from(),
      Authorization: basic(USER, 'wrong'),
    });
    expect(response.status).toBe(401);
    expect(await queue.isPaused()).toBe(false);
  });

  it('gives the 401 the same security headers as every other answer', async () => {
    const client = from();
    const refused = await rawRequest(port, 'GET', `${basePath}/admin/queues/api/queues`, client);
    const other = await rawRequest(port, 'POST', `${basePath}/auth.php`, client);
    for (const header of [
      'x-content-type-options',
      'strict-transport-security',
      'x-frame-options',
      'referrer-policy',
    ]) {
      expect({ header, value: refused.headers[header] }).toEqual({ header, value: other.headers[header] });
      expect(refused.headers[header]).toBeDefined();
    }
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('limits failed logins to 10 a minute per IP, then answers 429 even to the right password', async () => {
    const client = from();
    const wrong = { ...client, Authorization: basic(USER, 'guess') };
    for (let i = 0; i < 10; i++) {
      expect((await rawRequest(port, 'GET', `${basePath}/admin/queues/api/queues`, wrong)).status).toBe(401);
    }
    const blocked = await rawRequest(port, 'GET', `${basePath}/admin/queues/api/queues`, {
      ...client,
      Authorization: basic(USER, PASSWORD),
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(blocked.body)).toEqual({ status: 'error', message: 'Too many requests' });
    const elsewhere = await rawRequest(port, 'GET', `${basePath}/admin/queues/api/queues`, {
      ...from(),
      Authorization: basic(USER, PASSWORD),
    });
    expect(elsewhere.status).toBe(200);
  });
});
