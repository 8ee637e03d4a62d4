import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { CLI_ACTOR } from '../src/audit/actor';
import { FOREIGN_ORIGIN, NOT_JSON } from '../src/staff-accounts/staff-writes';
import { StaffAccountsService } from '../src/staff-accounts/staff-accounts.service';
import { StaffTokensService } from '../src/staff-accounts/staff-tokens.service';
import { COOKIE_NEEDS_HTTPS } from '../src/staff-accounts/staff-cookie';
import { freePort, startRedis, startService, StartedProcess } from './support/processes';
import { rawRequest } from './support/raw-http';
import { newStaffAccount, STAFF_PASSWORD, staffCookie } from './support/staff';
import { createTestApp, TestApp, uniquePrefix } from './support/test-app';

import { waitUntil } from './support/wait';

/**
 * One app shared by the describes below that need no other setting: one boot, not four. It trusts
 * X-Forwarded-For, which the sign-in tests use to take addresses of their own; the others send none.
 */
let shared: TestApp;
beforeAll(async () => (shared = await createTestApp({ TRUST_PROXY: 'true' })));
afterAll(() => shared.close());

/**
 * One production app for the plain-HTTP console and API_DOCS=off, made when the first of their tests
 * asks for it: those tests sign in, which the docs setting does not touch, and the docs test asks only
 * for /docs, which production serves like any other environment.
 */
let productionApp: Promise<TestApp> | undefined;
const production = () =>
  (productionApp ??= createTestApp({
    NODE_ENV: 'production',
    JWT_SECRET: 'a production secret of at least 32 bytes!!',
    API_DOCS: 'off',
  }));
afterAll(async () => (await productionApp)?.close());

describe('staff sign-in under parallel guesses', () => {
  let t: TestApp;
  beforeAll(() => {
    // Each test signs in from addresses of its own (X-Forwarded-For counts with TRUST_PROXY).
    t = shared;
  });

  const login = (email: string, password: string, ip: string) =>
    t.http().post('/staff/api/login').set('X-Forwarded-For', ip).send({ email, password });

  it('tests at most 5 passwords of one address however many arrive at once; the right one late in the batch is 429', async () => {
    const account = await newStaffAccount(t, 'Parallel target');
    const ip = '10.20.0.1';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(account.email, i === 30 ? STAFF_PASSWORD : `wrong guess ${i}!!`, ip)),
    );
    const statuses = answers.map((answer) => answer.status);
    // A password was tested exactly when the answer is 401 or 200; every other answer is 429.
    const tested = statuses.filter((status) => status === 401 || status === 200);
    expect(tested.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - tested.length);
    expect(statuses[30]).toBe(429);
    // ...and the address stays locked, right password or not.
    expect((await login(account.email, STAFF_PASSWORD, '10.20.0.2')).status).toBe(429);
  });

  it('tests at most 20 passwords from one IP in a parallel spray over many addresses', async () => {
    const ip = '10.20.1.1';
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => login(`spray${i % 60}@example.com`, `wrong guess ${i}!!`, ip)),
    );
    const tested = answers.filter((answer) => answer.status === 401);
    expect(tested.length).toBeLessThanOrEqual(20);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(300 - tested.length);
  });

  it('gives a successful sign-in its attempt back: ten sign-ins in a row all work', async () => {
    const account = await newStaffAccount(t, 'Frequent');
    for (let i = 0; i < 10; i++) {
      expect((await login(account.email, STAFF_PASSWORD, '10.20.2.1')).status).toBe(200);
    }
  });
});

describe('cross-site write rules decide on the route the router matched', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let keyId: string;
  let submissionId: string;
  let writes: { method: string; path: string }[];
  let port: number;

  beforeAll(async () => {
    t = shared;
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    const account = await newStaffAccount(t, 'Write admin', 'admin');
    adminId = account.id;
    admin = await staffCookie(t, account.email);
    keyId = (await t.createKey()).id;
    const { access_token } = (
      await t
        .http()
        .post('/auth.php')
        .set('X-API-KEY', (await t.createKey()).key)
    ).body as {
      access_token: string;
    };
    submissionId = (
      await t.http().post('/contact_api.php').set('Authorization', `Bearer ${access_token}`).send({ name: 'Target' })
    ).body.id;
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method) && path.startsWith('/staff/api/'))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  });

  /** The path with every `{id}` filled with an id of a row that exists. */
  const concrete = (path: string): string => {
    const ids: Record<string, string> = { keys: keyId, staff: adminId, submissions: submissionId };
    const room = path.split('/')[3];
    return path.replace('{id}', ids[room] ?? '0190a0a0-0000-7000-8000-000000000000');
  };

  const spellings = (path: string): string[] => [
    path.replace('/api/', '/ap%69/'),
    path.replace('/staff/', '/st%61ff/'),
    // The first letter of the last segment as a percent-escape (`/revoke` as `/%72evoke`).
    path.replace(
      /\/([a-z])([a-z-]*)$/,
      (_all, first: string, rest: string) => `/%${first.charCodeAt(0).toString(16)}${rest}`,
    ),
    path.replace('/staff/api/', '/staff//api/'),
    `/${path}`,
    path.replace('/staff/', '/Staff/'),
    path.replace('/api/', '/API/'),
  ];

  it('covers every staff write the document lists', () => {
    expect(writes.length).toBeGreaterThanOrEqual(17);
  });

  it('refuses a foreign Origin without a JSON body on every staff write, however the path is spelled', async () => {
    const notesBefore = await t.app
      .get(DataSource)
      .query('SELECT COUNT(*) AS n FROM submission_notes WHERE submission_id = ?', [submissionId]);
    for (const { method, path } of writes) {
      for (const spelled of spellings(concrete(path))) {
        const answer = await rawRequest(port, method, spelled, { Cookie: admin, Origin: 'http://evil.example' });
        const label = `${method} ${spelled}`;
        expect([label, [403, 404].includes(answer.status)]).toEqual([label, true]);
        if (answer.status === 403) {
          expect(JSON.parse(answer.body)).toEqual({ status: 'error', message: FOREIGN_ORIGIN });
        }
      }
    }
    // The router decodes percent-escapes, so those spellings reached real routes: the hook saw them.
    const encoded = await rawRequest(port, 'POST', `/staff/ap%69/keys/${keyId}/revoke`, {
      Cookie: admin,
      Origin: 'http://evil.example',
    });
    expect(encoded.status).toBe(403);
    const [key] = await t.app.get(DataSource).query('SELECT revoked_at FROM api_keys WHERE id = ?', [keyId]);
    expect(key.revoked_at).toBeNull();
    const notesAfter = await t.app
      .get(DataSource)
      .query('SELECT COUNT(*) AS n FROM submission_notes WHERE submission_id = ?', [submissionId]);
    expect(notesAfter).toEqual(notesBefore);
  });

  it('refuses a cookie write without a JSON content type, same origin or none, and says which rule', async () => {
    const answer = await rawRequest(port, 'POST', `/staff/ap%69/submissions/${submissionId}/redeliver`, {
      Cookie: admin,
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ status: 'error', message: NOT_JSON });
  });

  it('lets a Bearer st_ caller send body-less writes without a content type (even with a foreign Origin)', async () => {
    const { token } = await t.app.get(StaffTokensService).create(adminId, 'automation', CLI_ACTOR);
    const other = await t.createKey();
    await t
      .http()
      .post(`/staff/api/keys/${other.id}/revoke`)
      .set('Authorization', `Bearer ${token}`)
      .set('Origin', 'http://evil.example')
      .expect(200);
    await t
      .http()
      .post(`/staff/api/submissions/${submissionId}/redeliver`)
      .set('Authorization', `Bearer ${token}`)
      .expect(202);
  });

  it('answers a method a route does not have with 404, not 403', async () => {
    const answer = await t.http().put(`/staff/api/keys/${keyId}/revoke`).set('Cookie', admin);
    expect(answer.status).toBe(404);
  });
});

describe('staff side details', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    t = shared;
    const account = await newStaffAccount(t, 'Detail admin', 'admin');
    adminId = account.id;
    admin = await staffCookie(t, account.email);
  });

  it('compares ids canonically: an admin cannot demote or disable themselves by writing their id in capitals', async () => {
    for (const body of [{ role: 'agent' }, { disabled: true }]) {
      const answer = await t.http().patch(`/staff/api/staff/${adminId.toUpperCase()}`).set('Cookie', admin).send(body);
      expect(answer.status).toBe(400);
    }
    const me = (await t.http().get('/staff/api/me').set('Cookie', admin).expect(200)).body as { role: string };
    expect(me.role).toBe('admin');
  });

  it('refuses webhook destinations in IPv4-compatible IPv6 form', async () => {
    for (const url of ['http://[::127.0.0.1]/', 'http://[::169.254.169.254]/latest/meta-data']) {
      const answer = await t.http().post('/staff/api/webhooks').set('Cookie', admin).send({ url });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^Invalid field: url \(the address is not public/);
    }
  });

  it('refuses control characters in a note as in a submission', async () => {
    const { access_token } = (
      await t
        .http()
        .post('/auth.php')
        .set('X-API-KEY', (await t.createKey()).key)
    ).body as {
      access_token: string;
    };
    const id = (
      await t.http().post('/contact_api.php').set('Authorization', `Bearer ${access_token}`).send({ name: 'Noted' })
    ).body.id as string;
    for (const body of ['bell \u0007 here', 'escape \u001b[31m red', 'c1 \u0085 next line']) {
      const answer = await t.http().post(`/staff/api/submissions/${id}/notes`).set('Cookie', admin).send({ body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ status: 'error', message: 'Invalid field: body' });
    }
    await t
      .http()
      .post(`/staff/api/submissions/${id}/notes`)
      .set('Cookie', admin)
      .send({ body: 'tab\tand\nnew lines are fine' })
      .expect(201);
  });
});

describe("staff API tokens end with their account's access", () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  const me = (token: string) => t.http().get('/staff/api/me').set('Authorization', `Bearer ${token}`);
  /** The answer once the account's cached copy (2 s) has gone, as the clock tells. */
  const eventually = async (token: string) => {
    t.clock.advance(5_000);
    return (await me(token)).status;
  };

  it('stops working when the password is reset', async () => {
    const account = await newStaffAccount(t, 'Token reset');
    const { token } = await t.app.get(StaffTokensService).create(account.id, 'ci', CLI_ACTOR);
    await me(token).expect(200);
    await t.app.get(StaffAccountsService).resetPassword(account.id, undefined, CLI_ACTOR);
    expect(await eventually(token)).toBe(401);
  });

  it('stays dead when a disabled account is enabled again', async () => {
    const account = await newStaffAccount(t, 'Token disable');
    const { token } = await t.app.get(StaffTokensService).create(account.id, 'ci', CLI_ACTOR);
    await me(token).expect(200);
    const accounts = t.app.get(StaffAccountsService);
    await accounts.setDisabled(account.id, true, CLI_ACTOR);
    expect(await eventually(token)).toBe(401);
    await accounts.setDisabled(account.id, false, CLI_ACTOR);
    t.clock.advance(5_000); // past the account cache
    await me(token).expect(401);
    // A new token works.
    const { token: fresh } = await t.app.get(StaffTokensService).create(account.id, 'ci again', CLI_ACTOR);
    await me(fresh).expect(200);
  });

  it('expires: 90 days by default, or as asked', async () => {
    const account = await newStaffAccount(t, 'Token expiry');
    const tokens = t.app.get(StaffTokensService);
    const { row } = await tokens.create(account.id, 'default', CLI_ACTOR);
    const days = (row.expiresAt!.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBe(90);
    const { token, row: short } = await tokens.create(account.id, 'short', CLI_ACTOR, 1);
    await me(token).expect(200);
    await t.app
      .get(DataSource)
      .query('UPDATE staff_tokens SET expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000), short.id]);
    await me(token).expect(401);
  });
});

describe('API_DOCS=off', () => {
  it('serves neither /docs nor the OpenAPI document', async () => {
    const t = await production();
    await t.http().get('/docs').expect(404);
    await t.http().get('/docs/openapi.json').expect(404);
  });
});

describe('a production console over plain HTTP', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await production();
    email = (await newStaffAccount(t, 'Plain http')).email;
  });

  const login = (host: string, origin?: string) => {
    const call = t.http().post('/staff/api/login').set('Host', host);
    return (origin ? call.set('Origin', origin) : call).send({ email, password: STAFF_PASSWORD });
  };

  it('refuses sign-in with a message naming the fix when the browser would drop the Secure cookie', async () => {
    const answer = await login('intake.test', 'http://intake.test');
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ status: 'error', message: COOKIE_NEEDS_HTTPS });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('signs in on localhost (a secure context for browsers) and behind a TLS proxy', async () => {
    expect((await login('localhost', 'http://localhost')).status).toBe(200);
    expect((await login('127.0.0.1', 'http://127.0.0.1')).status).toBe(200);
    const proxied = await t
      .http()
      .post('/staff/api/login')
      .set('Host', 'intake.test')
      .set('X-Forwarded-Proto', 'https')
      .send({ email, password: STAFF_PASSWORD });
    // Without TRUST_PROXY the forwarded scheme does not count: the request itself is plain HTTP.
    expect(proxied.status).toBe(403);
  });
});

describe('Redis down on the staff side', () => {
  let redis: StartedProcess;
  let service: StartedProcess;
  let base: string;

  afterAll(async () => {
    await service?.stop();
    await redis?.stop();
  });

  it('answers 503 with Retry-After (never 500), checks no password, keeps query strings out of the logs, and /admin/queues answers within 5 s', async () => {
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = await startService({
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: uniquePrefix(),
      ADMIN_USER: 'ops',
      ADMIN_PASSWORD: 'a dashboard password!',
      LOG_LEVEL: 'verbose',
    });
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    const account = await newStaffAccount(t, 'Outage admin', 'admin');
    const { token } = await t.app.get(StaffTokensService).create(account.id, 'outage', CLI_ACTOR);
    await t.close();
    const login = () =>
      fetch(`${base}/staff/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: STAFF_PASSWORD }),
      });
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0];

    await redis.stop();
    const answers = [
      await login(),
      await fetch(`${base}/staff/api/me`, { headers: { Cookie: cookie } }),
      await fetch(`${base}/staff/api/submissions?q=someone%40example.com`, { headers: { Cookie: cookie } }),
      await fetch(`${base}/staff/api/submissions?q=someone%40example.com`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
      await fetch(`${base}/staff/api/keys`, { headers: { Authorization: `Bearer ${token}` } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await answer.json()).toEqual({ status: 'error', message: 'Service unavailable' });
    }
    const started = Date.now();
    const dashboard = await fetch(`${base}/admin/queues/api/queues`, {
      headers: { Authorization: `Basic ${Buffer.from('ops:a dashboard password!').toString('base64')}` },
      signal: AbortSignal.timeout(10_000),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(dashboard.status).toBe(503);
    // No sign-in was attempted while its limit could not be counted: no failure was audited either.
    expect(service.output()).not.toContain('someone');
    expect(service.output()).not.toMatch(/ 500\b/);

    redis = await startRedis(redisPort);
    // The service reconnects to the Redis started again on its own schedule: polled until it has.
    await waitUntil(
      async () => {
        const back = (await fetch(`${base}/staff/api/me`, { headers: { Cookie: cookie } })).status;
        // The session lived in the Redis that was stopped (no persistence): it is gone, 401 is right.
        return back === 200 || (back === 401 && (await login()).status === 200);
      },
      'signing in again once Redis is back',
      15_000,
    );
  });
});
