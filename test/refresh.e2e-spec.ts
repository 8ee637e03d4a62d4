import { DataSource } from 'typeorm';
import { CLI_ACTOR } from '../src/audit/actor';
import { ApiKeyService } from '../src/api-keys/api-key.service';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

describe('POST /auth_refresh.php', () => {
  let t: TestApp;
  // Failed refreshes count against the caller's IP (AUTH_FAILURE_LIMIT): each test speaks from an
  // address of its own, so adding tests never exhausts another test's budget.
  let clientIp = '';
  let clients = 0;
  beforeEach(() => (clientIp = `10.2.0.${++clients}`));
  const refresh = (body: unknown, headers: Record<string, string> = {}) =>
    t
      .http()
      .post('/auth_refresh.php')
      .set('X-Forwarded-For', clientIp)
      .set(headers)
      .send(body as object);

  beforeAll(async () => (t = await createTestApp({ REFRESH_REUSE_GRACE: '1', TRUST_PROXY: 'true' })));
  afterAll(() => t.close());

  it('rotates: answers a new token set with no-store, and the new access token works', async () => {
    const { key } = await t.createKey();
    const first = await issueTokens(t, key);
    const response = await refresh({ refresh_token: first.refresh_token }).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(response.body.expires_in).toBe(900);
    expect(response.body.refresh_token).not.toBe(first.refresh_token);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${response.body.access_token}`)
      .send({ name: 'After refresh' })
      .expect(200);
  });

  it.each([
    [{}, 'Missing field: refresh_token'],
    [{ refresh_token: null }, 'Missing field: refresh_token'],
    [{ refresh_token: '' }, 'Missing field: refresh_token'],
    [{ refresh_token: 42 }, 'Invalid field: refresh_token'],
    [{ refresh_token: ['rt_x'] }, 'Invalid field: refresh_token'],
    [{ refresh_token: 'rt_x', grant_type: 'refresh_token' }, 'Unknown field: grant_type'],
    [{ scope: 'a', refresh_token: 5, other: 1 }, 'Unknown field: scope'],
  ])('answers 400 for body %j', async (body, message) => {
    const response = await refresh(body).expect(400);
    expect(response.body).toEqual({ status: 'error', message });
  });

  it.each([['rt_unknown'], ['eyJhbGciOiJIUzI1NiJ9.e30.x']])('answers 401 for an unknown token %s', async (token) => {
    const response = await refresh({ refresh_token: token }).expect(401);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid refresh token' });
  });

  it('refuses an access token presented as a refresh token', async () => {
    const { key } = await t.createKey();
    const tokens = await issueTokens(t, key);
    await refresh({ refresh_token: tokens.access_token }).expect(401);
  });

  it('gives exactly one success to concurrent refreshes of one token', async () => {
    const { key } = await t.createKey({ rateLimit: 100 });
    const tokens = await issueTokens(t, key);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => refresh({ refresh_token: tokens.refresh_token })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(9);
  });

  it('answers 401 to a retry within the grace period without revoking the family', async () => {
    const { key } = await t.createKey();
    const first = await issueTokens(t, key);
    const second = (await refresh({ refresh_token: first.refresh_token }).expect(200)).body;
    await refresh({ refresh_token: first.refresh_token }).expect(401);
    await refresh({ refresh_token: second.refresh_token }).expect(200);
  });

  it('revokes the whole family when a spent token is reused after the grace period', async () => {
    const { key } = await t.createKey();
    const first = await issueTokens(t, key);
    const second = (await refresh({ refresh_token: first.refresh_token }).expect(200)).body;
    const unrelated = await issueTokens(t, key);
    t.clock.advance(1200);
    const reuse = await refresh({ refresh_token: first.refresh_token }).expect(401);
    expect(reuse.body).toEqual({ status: 'error', message: 'Invalid refresh token' });
    await refresh({ refresh_token: second.refresh_token }).expect(401);
    // Another /auth.php call is another family and keeps working.
    await refresh({ refresh_token: unrelated.refresh_token }).expect(200);
  });

  it("never spends the owner's rate budget on a replayed token, and never answers it 429", async () => {
    const { key } = await t.createKey({ rateLimit: 5 });
    const first = await issueTokens(t, key);
    await refresh({ refresh_token: first.refresh_token }).expect(200);
    t.clock.advance(1200);
    for (let i = 0; i < 9; i++) {
      const replay = await refresh({ refresh_token: first.refresh_token });
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ status: 'error', message: 'Invalid refresh token' });
      expect(replay.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // The key used 2 of its 5 calls (the /auth.php and the good refresh); the replays used none.
    const owner = await t.http().post('/auth.php').set('X-API-KEY', key).expect(200);
    expect(owner.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('counts every failed refresh against the caller IP only, up to AUTH_FAILURE_LIMIT, then 429', async () => {
    const { key } = await t.createKey();
    const tokens = await issueTokens(t, key);
    await refresh({ refresh_token: tokens.refresh_token }).expect(200);
    for (let i = 0; i < t.config.rateLimit.authFailureLimit; i++) {
      await refresh({ refresh_token: tokens.refresh_token }).expect(401);
    }
    const blocked = await refresh({ refresh_token: 'rt_anything' }).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another client address is unaffected.
    clientIp = '10.2.255.1';
    await refresh({ refresh_token: 'rt_unknown' }).expect(401);
  });

  it('binds the token to its client when X-API-KEY is also sent', async () => {
    const mine = await t.createKey();
    const theirs = await t.createKey();
    const tokens = await issueTokens(t, mine.key);
    await refresh({ refresh_token: tokens.refresh_token }, { 'X-API-KEY': theirs.key }).expect(401);
    await refresh({ refresh_token: tokens.refresh_token }, { 'X-API-KEY': mine.key }).expect(200);
  });

  it('refuses a token whose API key was revoked', async () => {
    const { id, key } = await t.createKey();
    const tokens = await issueTokens(t, key);
    await t.app.get(ApiKeyService).revoke(id, CLI_ACTOR);
    await refresh({ refresh_token: tokens.refresh_token }).expect(401);
  });

  it('stores refresh tokens as hashes with their family', async () => {
    const { id, key } = await t.createKey();
    const first = await issueTokens(t, key);
    await refresh({ refresh_token: first.refresh_token }).expect(200);
    const rows: { family_id: string; used_at: Date | null }[] = await t.app
      .get(DataSource)
      .query('SELECT family_id, used_at FROM refresh_tokens WHERE api_key_id = ? ORDER BY created_at, id', [id]);
    expect(rows).toHaveLength(2);
    expect(rows[0].family_id).toBe(rows[1].family_id);
    expect(rows[0].used_at).not.toBeNull();
    expect(rows[1].used_at).toBeNull();
  });

  const DAY_MS = 24 * 3600 * 1000;

  it('expires a token unused for REFRESH_TOKEN_IDLE_TTL (7 days), not a moment before', async () => {
    const { key } = await t.createKey();
    const kept = await issueTokens(t, key);
    const idle = await issueTokens(t, key);
    t.clock.advance(7 * DAY_MS - 60_000);
    await refresh({ refresh_token: kept.refresh_token }).expect(200);
    t.clock.advance(61_000);
    await refresh({ refresh_token: idle.refresh_token }).expect(401);
  });

  it('ends the family REFRESH_TOKEN_TTL (30 days) after /auth.php, however recently it rotated', async () => {
    const { key } = await t.createKey();
    let token = (await issueTokens(t, key)).refresh_token;
    for (let day = 6; day < 30; day += 6) {
      t.clock.advance(6 * DAY_MS);
      token = (await refresh({ refresh_token: token }).expect(200)).body.refresh_token;
    }
    t.clock.advance(6 * DAY_MS + 1000);
    await refresh({ refresh_token: token }).expect(401);
  });
});
