import { generateApiKey } from '../src/api-keys/api-key-format';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';
import { runCli } from './support/processes';

/** Failed authentications an address may make (AUTH_FAILURE_LIMIT) in the tests below. */
const LIMIT = 3;

// One app for the per-key limits and the per-address failures: it trusts X-Forwarded-For and allows
// LIMIT failures per address. The per-key tests never fail to authenticate, and they speak from the
// peer address itself, which no failing test here uses on this app; so neither setting reaches them.
let trusting: TestApp;
beforeAll(async () => (trusting = await createTestApp({ AUTH_FAILURE_LIMIT: String(LIMIT), TRUST_PROXY: 'true' })));
afterAll(() => trusting.close());

describe('per-key rate limits', () => {
  let t: TestApp;
  beforeAll(() => (t = trusting));

  const auth = (key: string) => t.http().post('/auth.php').set('X-API-KEY', key);

  it('counts down X-RateLimit-* headers, then answers 429 with Retry-After in whole seconds', async () => {
    const { key } = await t.createKey({ rateLimit: 3, rateWindow: 60 });
    for (const remaining of [2, 1, 0]) {
      const response = await auth(key).expect(200);
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(remaining));
      const reset = Number(response.headers['x-ratelimit-reset']);
      expect(Number.isInteger(reset)).toBe(true);
      expect(reset).toBeGreaterThan(55);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const limited = await auth(key).expect(429);
    expect(limited.body).toEqual({ status: 'error', message: 'Too many requests' });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('blocks a key for its block duration, then lets it through again', async () => {
    const { key } = await t.createKey({ rateLimit: 2, rateWindow: 60, rateBlock: 2 });
    await auth(key).expect(200);
    await auth(key).expect(200);
    const first = await auth(key).expect(429);
    expect(first.headers['retry-after']).toBe('2');
    t.clock.advance(1000);
    await auth(key).expect(429);
    t.clock.advance(1100);
    const after = await auth(key).expect(200);
    expect(after.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('starts a fresh window when the window ends', async () => {
    const { key } = await t.createKey({ rateLimit: 2, rateWindow: 1, rateBlock: 1 });
    await auth(key).expect(200);
    const second = await auth(key).expect(200);
    expect(second.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(second.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(1);
    t.clock.advance(1100);
    const fresh = await auth(key).expect(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('shares one budget across /auth.php, /auth_refresh.php and /contact_api.php', async () => {
    const { key } = await t.createKey({ rateLimit: 4, rateWindow: 60 });
    const tokens = await issueTokens(t, key);
    await t.http().post('/auth_refresh.php').send({ refresh_token: tokens.refresh_token }).expect(200);
    const contact = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .send({ name: 'Budget' })
      .expect(200);
    expect(contact.headers['x-ratelimit-remaining']).toBe('1');
    // Failed validation still spends the budget: it is a request of this key.
    await t.http().post('/contact_api.php').set('Authorization', `Bearer ${tokens.access_token}`).send({}).expect(400);
    await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .send({ name: 'Over' })
      .expect(429);
  });

  it("never spends one key's budget on another key's traffic", async () => {
    const noisy = await t.createKey({ rateLimit: 2, rateWindow: 60 });
    const quiet = await t.createKey({ rateLimit: 2, rateWindow: 60 });
    await auth(noisy.key).expect(200);
    await auth(noisy.key).expect(200);
    await auth(noisy.key).expect(429);
    const response = await auth(quiet.key).expect(200);
    expect(response.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('applies `keys set-limit` within 5 seconds, without a restart', async () => {
    const { id, key } = await t.createKey({ rateLimit: 1000, rateWindow: 60 });
    await auth(key).expect(200);
    await runCli(['keys', 'set-limit', id, '--rate-limit', '3', '--rate-window', '60'], {
      env: process.env,
    });
    await waitUntil(async () => (await auth(key)).headers['x-ratelimit-limit'] === '3', 'the new limit', 5000);
  });
});

describe('failed authentication per client IP', () => {
  // Two apps for the first three tests: the file's, which trusts X-Forwarded-For, where each test fails
  // from addresses of its own, and one that does not. AUTH_FAILURE_LIMIT is LIMIT in both.
  let direct: TestApp;
  beforeAll(async () => (direct = await createTestApp({ AUTH_FAILURE_LIMIT: String(LIMIT) })));
  afterAll(() => direct?.close());
  const from = (ip: string) => ({
    post: (path: string) => trusting.http().post(path).set('X-Forwarded-For', ip),
  });

  it('answers 429 to an IP after AUTH_FAILURE_LIMIT failures, even for a valid key', async () => {
    const client = from('203.0.113.1');
    const { key } = await trusting.createKey();
    for (let i = 0; i < LIMIT; i++) {
      await client.post('/auth.php').set('X-API-KEY', generateApiKey()).expect(401);
    }
    const blocked = await client.post('/auth.php').set('X-API-KEY', key).expect(429);
    expect(blocked.body).toEqual({ status: 'error', message: 'Too many requests' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await client.post('/auth_refresh.php').send({ refresh_token: 'rt_x' }).expect(429);
  });

  it('counts bad refresh tokens and missing keys too', async () => {
    const client = from('203.0.113.2');
    await client.post('/auth.php').expect(401);
    await client.post('/auth_refresh.php').send({ refresh_token: 'rt_unknown' }).expect(401);
    await client.post('/auth_refresh.php').send({ refresh_token: 'rt_unknown' }).expect(401);
    await client.post('/auth.php').expect(429);
  });

  it('tells clients apart by X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const { key } = await trusting.createKey();
    for (const app of [trusting, direct]) {
      for (let i = 0; i < LIMIT; i++) {
        await app.http().post('/auth.php').set('X-Forwarded-For', '203.0.113.7').set('X-API-KEY', 'bad').expect(401);
      }
    }
    await trusting.http().post('/auth.php').set('X-Forwarded-For', '203.0.113.7').set('X-API-KEY', key).expect(429);
    await trusting.http().post('/auth.php').set('X-Forwarded-For', '198.51.100.9').set('X-API-KEY', key).expect(200);
    // Without TRUST_PROXY the header is ignored: the failures counted against the real peer address.
    await direct.http().post('/auth.php').set('X-Forwarded-For', '198.51.100.9').set('X-API-KEY', key).expect(429);
  });

  it('with TRUST_PROXY as a hop count, believes that many proxies and no more', async () => {
    const oneProxy = await createTestApp({ AUTH_FAILURE_LIMIT: '2', TRUST_PROXY: '1' });
    try {
      const { key } = await oneProxy.createKey();
      // The client claims to be 192.0.2.1; the one trusted proxy says it saw 203.0.113.8.
      for (let i = 0; i < 2; i++) {
        await oneProxy
          .http()
          .post('/auth.php')
          .set('X-Forwarded-For', '192.0.2.1, 203.0.113.8')
          .set('X-API-KEY', 'bad')
          .expect(401);
      }
      await oneProxy.http().post('/auth.php').set('X-Forwarded-For', '203.0.113.8').set('X-API-KEY', key).expect(429);
      await oneProxy.http().post('/auth.php').set('X-Forwarded-For', '192.0.2.1').set('X-API-KEY', key).expect(200);
    } finally {
      await oneProxy.close();
    }
  });
});
