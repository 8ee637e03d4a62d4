import { JwtService } from '@nestjs/jwt';

import { randomUUID } from 'node:crypto';

import { DataSource } from 'typeorm';
import { EventEmitter } from 'node:events';
import { generateApiKey } from '../src/api-keys/api-key-format';
import { ApiKeysRepository } from '../src/api-keys/api-keys.repository';
import { sha256Hex } from '../src/database/sha256';
import { AccessTokenService } from '../src/auth/access-token.service';
import { Clock } from '../src/clock/clock';
import { loadConfig } from '../src/config/app-config';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';
import { runCli } from './support/processes';

const jwt = new JwtService({});
const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePart = (token: string, index: number): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8'));

/** A secret the file's app was rotated away from: JWT_PREVIOUS_SECRETS lists it. */
const PREVIOUS_SECRET = 'previous-secret-previous-secret-0001';

// One app for the file; each test makes its own key. It lists PREVIOUS_SECRET in JWT_PREVIOUS_SECRETS
// for the rotation test: that only adds a key id it verifies, and no other test signs with that secret.
let shared: TestApp;
beforeAll(async () => (shared = await createTestApp({ JWT_PREVIOUS_SECRETS: PREVIOUS_SECRET })));
afterAll(() => shared.close());

describe('POST /auth.php', () => {
  let t: TestApp;
  beforeAll(() => (t = shared));

  it('answers 401 "Missing API key" with an ApiKey challenge when the header is absent', async () => {
    const response = await t.http().post('/auth.php').expect(401);
    expect(response.body).toEqual({ status: 'error', message: 'Missing API key' });
    expect(response.headers['www-authenticate']).toBe('ApiKey');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it.each([
    ['malformed', 'not-a-key'],
    ['with a wrong checksum', `${generateApiKey().slice(0, -1)}0`],
    ['well formed but unknown', generateApiKey()],
  ])('answers 401 "Invalid API key" for a key that is %s', async (_label, key) => {
    const response = await t.http().post('/auth.php').set('X-API-KEY', key).expect(401);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid API key' });
    expect(response.headers['www-authenticate']).toBe('ApiKey');
  });

  it('answers the token set with no-store caching for a valid key, whatever the header case', async () => {
    const { id, key } = await t.createKey();
    const response = await t.http().post('/auth.php').set('x-api-key', key).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(response.body.token_type).toBe('Bearer');
    expect(response.body.expires_in).toBe(900);
    expect(response.body.refresh_token).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    const header = decodePart(response.body.access_token, 0);
    const claims = decodePart(response.body.access_token, 1);
    expect(header).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    expect(claims).toMatchObject({ sub: id, iss: t.config.auth.issuer, aud: t.config.auth.audience });
    expect(claims.exp).toBe((claims.iat as number) + 900);
    expect(typeof claims.jti).toBe('string');
  });

  it('ignores a JSON body', async () => {
    const { key } = await t.createKey();
    await t.http().post('/auth.php').set('X-API-KEY', key).send({ anything: true }).expect(200);
  });

  it('refuses a revoked key exactly like an unknown one', async () => {
    const { id, key } = await t.createKey();
    await issueTokens(t, key);
    await runCli(['keys', 'revoke', id], { env: { ...process.env, LOG_LEVEL: 'error' } });
    await waitUntil(
      async () => (await t.http().post('/auth.php').set('X-API-KEY', key)).status === 401,
      'revocation',
      5000,
    );
    const response = await t.http().post('/auth.php').set('X-API-KEY', key).expect(401);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid API key' });
    // The lookup itself does not find a revoked key: the same query and path as for an unknown key.
    expect(await t.app.get(ApiKeysRepository).findActiveByHash(sha256Hex(key))).toBeNull();
    const again = await runCli(['keys', 'revoke', id], {
      env: { ...process.env, LOG_LEVEL: 'error' },
    });
    expect(again.stdout).toMatch(/was already revoked on \d{4}-/);
  });

  it('issues keys from the real command line: `keys create --json` prints one line whose key works, `keys list` never shows it', async () => {
    const created = await runCli(['keys', 'create', '--name', 'CLI client', '--rate-limit', '7', '--json'], {
      env: { ...process.env, LOG_LEVEL: 'error' },
    });
    const lines = created.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0]) as { id: string; key: string; name: string; rate_limit: number };
    expect(output).toMatchObject({
      name: 'CLI client',
      rate_limit: 7,
      key: expect.stringMatching(/^ck_[0-9A-Za-z]{46}$/),
    });
    const answer = await t.http().post('/auth.php').set('X-API-KEY', output.key).expect(200);
    expect(answer.headers['x-ratelimit-limit']).toBe('7');

    const listed = await runCli(['keys', 'list', '--json'], { env: process.env });
    const keys = JSON.parse(listed.stdout) as { id: string; prefix: string; name: string }[];
    expect(keys.find((key) => key.id === output.id)).toMatchObject({
      name: 'CLI client',
      prefix: output.key.slice(0, 9),
    });
    const text = await runCli(['keys', 'list'], { env: process.env });
    expect(text.stdout).toContain(output.id);
    expect(`${listed.stdout}${text.stdout}`).not.toContain(output.key);
  });

  it('refuses a key with a wrong checksum without a database query', async () => {
    const pool = (t.app.get(DataSource).driver as unknown as { pool: EventEmitter }).pool;
    let queries = 0;
    const count = () => queries++;
    pool.on('acquire', count);
    try {
      const key = generateApiKey();
      const wrongChecksum = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
      // The process's own background work (the outbox relay, an earlier key's last-use update) may take
      // a connection in the same moment on a busy machine: the refusal must have taken none at least once
      // in three tries (a path that queries takes one every time).
      const seen: number[] = [];
      do {
        queries = 0;
        await t.http().post('/auth.php').set('X-API-KEY', wrongChecksum).expect(401);
        seen.push(queries);
      } while (queries > 0 && seen.length < 3);
      expect(Math.min(...seen)).toBe(0);
      // The control: a well-formed unknown key is looked up.
      await t.http().post('/auth.php').set('X-API-KEY', generateApiKey()).expect(401);
      expect(queries).toBeGreaterThan(0);
    } finally {
      pool.off('acquire', count);
    }
  });

  it('stores the refresh token of every one of many concurrent calls (they share INSERT statements)', async () => {
    const { id, key } = await t.createKey({ rateLimit: 1000 });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => t.http().post('/auth.php').set('X-API-KEY', key)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array<number>(40).fill(200));
    const refreshTokens = new Set(responses.map((response) => response.body.refresh_token as string));
    expect(refreshTokens.size).toBe(40);
    const [{ families }] = await t.app
      .get(DataSource)
      .query('SELECT COUNT(DISTINCT family_id) AS families FROM refresh_tokens WHERE api_key_id = ?', [id]);
    expect(Number(families)).toBe(40);
    const refreshed = await Promise.all(
      [...refreshTokens].map((refreshToken) =>
        t.http().post('/auth_refresh.php').send({ refresh_token: refreshToken }),
      ),
    );
    expect(refreshed.map((response) => response.status)).toEqual(Array<number>(40).fill(200));
  });

  it('never stores the key or tokens in clear', async () => {
    const { key } = await t.createKey();
    const tokens = await issueTokens(t, key);
    const dataSource = t.app.get(DataSource);
    const dump = JSON.stringify([
      await dataSource.query('SELECT * FROM api_keys'),
      await dataSource.query('SELECT * FROM refresh_tokens'),
    ]);
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(key.slice(3, 20));
    expect(dump).not.toContain(tokens.refresh_token);
  });
});

describe('access tokens on POST /contact_api.php', () => {
  let t: TestApp;
  let apiKeyId: string;
  let key: string;
  const submit = (authorization?: string) => {
    const call = t.http().post('/contact_api.php').send({ name: 'Token Test' });
    return authorization === undefined ? call : call.set('Authorization', authorization);
  };
  const sign = (claims: Record<string, unknown>, options: Record<string, unknown> = {}) =>
    jwt.sign(claims, { secret: t.config.auth.jwtSecret, algorithm: 'HS256', ...options });
  const kid = () => decodePart(t.app.get(AccessTokenService).issue('x'), 0).kid as string;
  const now = () => Math.floor(Date.now() / 1000);
  const validClaims = () => ({
    sub: apiKeyId,
    jti: randomUUID(),
    iss: t.config.auth.issuer,
    aud: t.config.auth.audience,
    iat: now(),
    exp: now() + 900,
  });
  const validHeader = () => ({ alg: 'HS256', typ: 'at+jwt', kid: kid() });

  beforeAll(async () => {
    t = shared;
    ({ id: apiKeyId, key } = await t.createKey());
  });

  it('accepts a token crafted exactly like ours (the control for the cases below)', async () => {
    await submit(`Bearer ${sign(validClaims(), { header: validHeader() })}`).expect(200);
  });

  it('accepts an iat a few seconds ahead (clock skew between processes)', async () => {
    await submit(
      `Bearer ${sign({ ...validClaims(), iat: now() + 20, exp: now() + 920 }, { header: validHeader() })}`,
    ).expect(200);
  });

  it('answers 401 with a bare Bearer challenge when no token is sent', async () => {
    const response = await submit().expect(401);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid or missing access token' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  const invalid: [string, () => string][] = [
    ['a malformed header', () => 'Token abc'],
    ['garbage', () => 'Bearer not.a.jwt'],
    ['alg none', () => `Bearer ${b64({ alg: 'none', typ: 'at+jwt', kid: kid() })}.${b64(validClaims())}.`],
    [
      'alg none with a signature part',
      () => `Bearer ${b64({ alg: 'none', typ: 'at+jwt', kid: kid() })}.${b64(validClaims())}.AAAA`,
    ],
    [
      'another secret',
      () =>
        `Bearer ${jwt.sign(validClaims(), { secret: 'another-secret-of-at-least-32-bytes!!', algorithm: 'HS256', header: validHeader() })}`,
    ],
    [
      'HS512',
      () => `Bearer ${sign(validClaims(), { algorithm: 'HS512', header: { ...validHeader(), alg: 'HS512' } })}`,
    ],
    ['a plain JWT type', () => `Bearer ${sign(validClaims(), { header: { ...validHeader(), typ: 'JWT' } })}`],
    ['no kid', () => `Bearer ${sign(validClaims(), { header: { alg: 'HS256', typ: 'at+jwt' } })}`],
    [
      'an expired token',
      () => `Bearer ${sign({ ...validClaims(), iat: now() - 1000, exp: now() - 100 }, { header: validHeader() })}`,
    ],
    ['a wrong audience', () => `Bearer ${sign({ ...validClaims(), aud: 'someone-else' }, { header: validHeader() })}`],
    ['a wrong issuer', () => `Bearer ${sign({ ...validClaims(), iss: 'someone-else' }, { header: validHeader() })}`],
    ['no jti', () => `Bearer ${sign({ ...validClaims(), jti: undefined }, { header: validHeader() })}`],
    [
      'a lifetime other than 900 s',
      () => `Bearer ${sign({ ...validClaims(), exp: now() + 3600 }, { header: validHeader() })}`,
    ],
    ['an unknown subject', () => `Bearer ${sign({ ...validClaims(), sub: randomUUID() }, { header: validHeader() })}`],
    [
      'an iat more than 30 s in the future',
      () => `Bearer ${sign({ ...validClaims(), iat: now() + 60, exp: now() + 960 }, { header: validHeader() })}`,
    ],
    [
      'an iat 30 days in the future',
      () =>
        `Bearer ${sign({ ...validClaims(), iat: now() + 30 * 86400, exp: now() + 30 * 86400 + 900 }, { header: validHeader() })}`,
    ],
    ['an nbf in the future', () => `Bearer ${sign({ ...validClaims(), nbf: now() + 60 }, { header: validHeader() })}`],
  ];
  it.each(invalid)('refuses %s with error="invalid_token"', async (_label, authorization) => {
    const response = await submit(authorization()).expect(401);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid or missing access token' });
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refuses a refresh token presented as an access token', async () => {
    const tokens = await issueTokens(t, key);
    await submit(`Bearer ${tokens.refresh_token}`).expect(401);
  });

  it("stops accepting a token within 5 s of its key's revocation from the command line", async () => {
    const other = await t.createKey();
    const tokens = await issueTokens(t, other.key);
    await submit(`Bearer ${tokens.access_token}`).expect(200);
    // From when the command has revoked it (its own start, a process of its own, is not the service's time).
    await runCli(['keys', 'revoke', other.id], { env: process.env });
    const revokedAt = Date.now();
    await waitUntil(async () => (await submit(`Bearer ${tokens.access_token}`)).status === 401, 'revocation', 5000);
    expect(Date.now() - revokedAt).toBeLessThan(5000 + 1000);
  });
});

describe('JWT secret rotation', () => {
  /** The token service as a process on `secret` has it (the same class, config and clock it would have). */
  const signerOn = (secret: string) =>
    new AccessTokenService(new JwtService({}), loadConfig({ JWT_SECRET: secret }), new Clock());

  it('accepts tokens signed with a previous secret while JWT_PREVIOUS_SECRETS lists it', async () => {
    // Before the rotation: a token issued on the secret the file's app has since moved off, and one on a
    // secret that has been dropped from JWT_PREVIOUS_SECRETS (the app lists it nowhere).
    const { id, key } = await shared.createKey();
    const beforeRotation = signerOn(PREVIOUS_SECRET).issue(id);
    const cutOff = signerOn('retired-secret-retired-secret-00003').issue(id);
    const submitWith = (token: string) =>
      shared.http().post('/contact_api.php').set('Authorization', `Bearer ${token}`).send({ name: 'Rotation' });
    await submitWith(beforeRotation).expect(200);
    await submitWith(cutOff).expect(401);
    const fresh = await issueTokens(shared, key);
    expect(decodePart(fresh.access_token, 0).kid).not.toBe(decodePart(beforeRotation, 0).kid);
  });
});
