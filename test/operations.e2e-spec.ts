import { generateApiKey } from '../src/api-keys/api-key-format';
import { QUEUE_NAMES } from '../src/queue/job-catalogue';
import { freePort, startService } from './support/processes';
import { dashboardExpressions, familiesOf, isProcessDefault, reads } from './support/monitoring';
import { createKeysAndAccounts } from './support/room-context';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';

// One app with the default settings for every test here that needs no setting of its own; the tests
// that count requests read how much their own requests moved the counters.
let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

// Two settings that touch different routes (/metrics, CORS on the API's) share one app, made when the
// first of their tests asks for it. It runs in production: that changes only the staff cookies' names
// and whether /metrics is served without a token, and with METRICS_TOKEN set it is served with one in
// every environment, so the token and CORS tests see what they would see in development.
let withTokenAndOrigins: Promise<TestApp> | undefined;
const tokenAndOrigins = () =>
  (withTokenAndOrigins ??= createTestApp({
    NODE_ENV: 'production',
    METRICS_TOKEN: 'metrics-token-0123456789',
    CORS_ORIGINS: 'https://app.example.com',
  }));
afterAll(async () => (await withTokenAndOrigins)?.close());

/** The value of one series (`name{labels}`) in a Prometheus text exposition, 0 when absent. */
function seriesValue(exposition: string, series: string): number {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('OpenAPI document', () => {
  it('serves Swagger UI at /docs and the JSON at /docs/openapi.json', async () => {
    const page = await t.http().get('/docs').redirects(1).expect(200);
    expect(page.text).toContain('swagger');
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    expect(Object.keys(document.paths).sort()).toEqual([
      '/auth.php',
      '/auth_refresh.php',
      '/contact_api.php',
      '/inbound/email',
      '/rate',
      '/staff/api/attachments/{id}',
      '/staff/api/audit',
      '/staff/api/canned-replies',
      '/staff/api/canned-replies/{id}',
      '/staff/api/deliveries',
      '/staff/api/deliveries/{id}/replay',
      '/staff/api/inbound/unmatched',
      '/staff/api/keys',
      '/staff/api/keys/{id}',
      '/staff/api/keys/{id}/fields',
      '/staff/api/keys/{id}/revoke',
      '/staff/api/login',
      '/staff/api/login/passkey',
      '/staff/api/login/passkey/options',
      '/staff/api/login/second-factor',
      '/staff/api/logout',
      '/staff/api/mailbox',
      '/staff/api/mailbox/callback',
      '/staff/api/mailbox/connect',
      '/staff/api/me',
      '/staff/api/me/passkeys',
      '/staff/api/me/passkeys/options',
      '/staff/api/me/passkeys/{id}',
      '/staff/api/me/password',
      '/staff/api/me/sessions',
      '/staff/api/me/sessions/{id}',
      '/staff/api/me/totp',
      '/staff/api/me/totp/confirm',
      '/staff/api/messages/{id}/retry',
      '/staff/api/password-reset',
      '/staff/api/privacy/erase',
      '/staff/api/privacy/export',
      '/staff/api/reports',
      '/staff/api/rules',
      '/staff/api/rules/test',
      '/staff/api/rules/{id}',
      '/staff/api/sign-in-options',
      '/staff/api/sla-policies',
      '/staff/api/sla-policies/{id}',
      '/staff/api/staff',
      '/staff/api/staff/assignable',
      '/staff/api/staff/{id}',
      '/staff/api/staff/{id}/password-reset',
      '/staff/api/staff/{id}/sessions',
      '/staff/api/staff/{id}/sessions/{sid}',
      '/staff/api/stream',
      '/staff/api/submissions',
      '/staff/api/submissions/bulk',
      '/staff/api/submissions/counts',
      '/staff/api/submissions/export.csv',
      '/staff/api/submissions/{id}',
      '/staff/api/submissions/{id}/merge',
      '/staff/api/submissions/{id}/notes',
      '/staff/api/submissions/{id}/redeliver',
      '/staff/api/submissions/{id}/replies',
      '/staff/api/submissions/{id}/viewing',
      '/staff/api/uploads',
      '/staff/api/webhooks',
      '/staff/api/webhooks/{id}',
      '/staff/api/webhooks/{id}/enable',
      '/staff/api/webhooks/{id}/rotate-secret',
      '/staff/sso/callback',
      '/staff/sso/start',
    ]);
    expect(
      document.paths['/contact_api.php'].post.responses['400'].content['application/json'].examples,
    ).toHaveProperty(['Missing field: name']);
  });

  it('documents every status a client can observe on each endpoint', async () => {
    const { key } = await t.createKey({ rateLimit: 3 });
    const tokens = await issueTokens(t, key);
    const bearer = { Authorization: `Bearer ${tokens.access_token}` };
    const observed: Record<string, Set<number>> = {};
    const observe = async (path: string, call: () => PromiseLike<{ status: number }>) => {
      const { status } = await call();
      (observed[path] ??= new Set()).add(status);
    };
    const big = { name: 'x'.repeat(70_000) };
    for (const path of ['/auth.php', '/auth_refresh.php', '/contact_api.php']) {
      // DELETE: a method none of the three takes (GET of /contact_api.php is the key's form).
      await observe(path, () => t.http().delete(path));
      await observe(path, () => t.http().post(path).set(bearer).set('Content-Type', 'text/plain').send('x'));
      await observe(path, () => t.http().post(path).set(bearer).send(big));
      await observe(path, () => t.http().post(path).set(bearer).set('Content-Type', 'application/json').send('{'));
    }
    await observe('/auth.php', () => t.http().post('/auth.php'));
    await observe('/auth.php', () => t.http().post('/auth.php').set('X-API-KEY', generateApiKey()));
    await observe('/auth_refresh.php', () => t.http().post('/auth_refresh.php').send({}));
    await observe('/auth_refresh.php', () => t.http().post('/auth_refresh.php').send({ refresh_token: 'rt_nope' }));
    await observe('/auth_refresh.php', () =>
      t.http().post('/auth_refresh.php').send({ refresh_token: tokens.refresh_token }),
    );
    await observe('/contact_api.php', () => t.http().post('/contact_api.php').send({ name: 'x' }));
    await observe('/contact_api.php', () => t.http().post('/contact_api.php').set(bearer).send({ name: 'x' }));
    await observe('/contact_api.php', () => t.http().post('/contact_api.php').set(bearer).send({}));
    for (let i = 0; i < 3; i++) {
      await observe('/contact_api.php', () => t.http().post('/contact_api.php').set(bearer).send({ name: 'x' }));
      await observe('/auth.php', () => t.http().post('/auth.php').set('X-API-KEY', key));
    }
    const document = (await t.http().get('/docs/openapi.json')).body;
    for (const [path, statuses] of Object.entries(observed)) {
      const documented = Object.keys(document.paths[path].post.responses).map(Number);
      expect({ path, missing: [...statuses].filter((status) => !documented.includes(status)) }).toEqual({
        path,
        missing: [],
      });
    }
    expect(observed['/contact_api.php']).toEqual(new Set([200, 400, 401, 405, 413, 415, 429]));
  });
});

describe('health and metrics', () => {
  it('answers liveness and readiness with every part up', async () => {
    expect((await t.http().get('/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await t.http().get('/health/ready').expect(200)).body).toEqual({
      status: 'ok',
      checks: { database: 'up', redis: 'up', migrations: 'up' },
    });
    const metrics = (await t.http().get('/metrics').expect(200)).text;
    for (const check of ['database', 'redis', 'migrations']) {
      expect(metrics).toContain(`service_ready{check="${check}"} 1`);
    }
  });

  it('exports no metric family that the Grafana dashboard in deploy/ does not show', async () => {
    const families = familiesOf((await t.http().get('/metrics').expect(200)).text).filter(
      (family) => !isProcessDefault(family),
    );
    expect(families.length).toBeGreaterThanOrEqual(15);
    const expressions = dashboardExpressions();
    expect(families.filter((family) => !expressions.some((expr) => reads(expr, family)))).toEqual([]);
  });

  it('answers 503 naming Redis when Redis is unreachable, while liveness stays up', async () => {
    const t = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      OUTBOX_RELAY_ENABLED: 'false',
    });
    try {
      await t.http().get('/health/live').expect(200);
      const response = await t.http().get('/health/ready').expect(503);
      expect(response.body).toEqual({ status: 'error', message: 'Not ready: redis' });
      // The same, for Prometheus: the process answers its scrape (`up` 1) and says what is not ready.
      const metrics = (await t.http().get('/metrics').expect(200)).text;
      expect(metrics).toContain('service_ready{check="redis"} 0');
      expect(metrics).toContain('service_ready{check="database"} 1');
    } finally {
      await t.close();
    }
  });

  it('exposes request, submission, auth-failure, 429 and queue metrics in Prometheus format', async () => {
    const counted = [
      'http_requests_total{method="POST",route="/auth.php",status="200"}',
      'submissions_accepted_total',
      'auth_failures_total{endpoint="auth.php"}',
    ];
    const before = (await t.http().get('/metrics').expect(200)).text;
    const { id, key } = await t.createKey({ rateLimit: 2 });
    const tokens = await issueTokens(t, key);
    await t.http().post('/contact_api.php').set('Authorization', `Bearer ${tokens.access_token}`).send({ name: 'M' });
    await t.http().post('/auth.php').set('X-API-KEY', key).expect(429);
    await t.http().post('/auth.php').set('X-API-KEY', generateApiKey()).expect(401);
    const response = await t.http().get('/metrics').expect(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(counted.map((series) => seriesValue(response.text, series) - seriesValue(before, series))).toEqual([
      1, 1, 1,
    ]);
    expect(response.text).toMatch(/http_request_duration_seconds_bucket\{.*route="\/contact_api.php"/);
    expect(response.text).toContain(`rate_limited_total{api_key_id="${id}"} 1`);
    expect([...QUEUE_NAMES].sort()).toEqual([
      'mail',
      'mailbox',
      'maintenance',
      'sla',
      'submissions',
      'surveys',
      'webhooks',
    ]);
    for (const queue of QUEUE_NAMES) {
      expect(response.text).toMatch(new RegExp(`^queue_jobs\\{queue="${queue}",state="waiting"\\} \\d+$`, 'm'));
    }
    expect(response.text).toContain('process_resident_memory_bytes');
  });

  it('in production, serves /metrics on the API port only with METRICS_TOKEN, and on METRICS_PORT without one', async () => {
    const metricsPort = await freePort();
    const t = await createTestApp({ NODE_ENV: 'production', METRICS_PORT: String(metricsPort) });
    try {
      const shared = await t.http().get('/metrics').expect(404);
      expect(shared.body).toEqual({ status: 'error', message: 'Not found' });
      const dedicated = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(dedicated.status).toBe(200);
      expect(await dedicated.text()).toContain('process_resident_memory_bytes');
      const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/health/ready`);
      expect(elsewhere.status).toBe(404);
    } finally {
      await t.close();
    }
    const withToken = await tokenAndOrigins();
    expect(withToken.config.env).toBe('production');
    await withToken.http().get('/metrics').expect(401);
    await withToken.http().get('/metrics').set('Authorization', 'Bearer metrics-token-0123456789').expect(200);
  });

  it('requires METRICS_TOKEN when one is set', async () => {
    const t = await tokenAndOrigins();
    const refused = await t.http().get('/metrics').expect(401);
    expect(refused.body).toEqual({ status: 'error', message: 'Invalid or missing metrics token' });
    await t.http().get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
    await t.http().get('/metrics').set('Authorization', 'Bearer metrics-token-0123456789').expect(200);
  });
});

describe('security headers and CORS', () => {
  it('sends helmet headers, no X-Powered-By, and no CORS headers by default', async () => {
    const response = await t.http().post('/auth.php').set('Origin', 'https://evil.example');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the origins listed in CORS_ORIGINS', async () => {
    const t = await tokenAndOrigins();
    const preflight = await t
      .http()
      .options('/contact_api.php')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await t.http().post('/auth.php').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('structured logs', () => {
  it('log one JSON line per request with its id and key id, and never a secret or a message body', async () => {
    const port = await freePort();
    const prefix = uniquePrefix();
    const api = await startService({
      ROLE: 'api',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'log',
    });
    const keyMaker = await createKeysAndAccounts({ REDIS_PREFIX: prefix });
    const { id, key } = await keyMaker.createKey();
    await keyMaker.close();
    const base = `http://127.0.0.1:${port}`;
    try {
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(404);
      const auth = await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
      const tokens = (await auth.json()) as { access_token: string; refresh_token: string };
      const refreshed = await fetch(`${base}/auth_refresh.php`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: tokens.refresh_token }),
      });
      const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
      const submitted = await fetch(`${base}/contact_api.php`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${next.access_token}`,
          'X-Request-Id': 'trace-me-123',
        },
        body: JSON.stringify({ name: 'Secret Sender', message: 'confidential-body-text' }),
      });
      expect(submitted.status).toBe(200);
      expect(submitted.headers.get('x-request-id')).toBe('trace-me-123');
      expect(auth.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      expect(await api.stop()).toBe(0);
    }
    const output = api.output();
    // Production with neither METRICS_TOKEN nor METRICS_PORT: /metrics is not served, and start-up says so once.
    expect(output.split('Metrics are not served').length - 1).toBe(1);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    const request = lines.find((line) => line.request?.id === 'trace-me-123');
    expect(request).toMatchObject({
      request: { method: 'POST', path: '/contact_api.php' },
      response: { status: 200 },
      key_id: id,
    });
    expect(typeof request.responseTime).toBe('number');
    for (const secret of [key, 'Secret Sender', 'confidential-body-text', 'rt_', 'eyJ']) {
      expect(output).not.toContain(secret);
    }
  });
});

describe('worker health port', () => {
  it('serves readiness and metrics from a worker without an HTTP API', async () => {
    const healthPort = await freePort();
    const worker = await startService(
      { REDIS_PREFIX: uniquePrefix(), HEALTH_PORT: String(healthPort), STAFF_CHANNELS: 'none' },
      'worker.js',
    );
    try {
      const ready = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up', migrations: 'up' } });
      const metrics = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
      expect(await metrics.text()).toContain('queue_jobs');
    } finally {
      expect(await worker.stop()).toBe(0);
    }
  });
});
