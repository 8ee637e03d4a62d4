import { FOREIGN_ORIGIN, NOT_JSON } from '../src/staff-accounts/staff-writes';

import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CLI_ACTOR } from '../src/audit/actor';
import { StaffAccountsService } from '../src/staff-accounts/staff-accounts.service';
import { StaffTokensService } from '../src/staff-accounts/staff-tokens.service';
import { newStaffAccount, STAFF_PASSWORD } from './support/staff';
import { freePort, runCli, startService } from './support/processes';
import { createKeysAndAccounts, ServiceHost } from './support/room-context';
import { createTestApp, TestApp, uniquePrefix } from './support/test-app';

const PASSWORD = STAFF_PASSWORD;

const newAccount = (t: ServiceHost, label: string) => newStaffAccount(t, label);

/** Signs in (expecting 200) and returns the Set-Cookie header. */
async function signIn(t: TestApp, email: string): Promise<string> {
  const response = await t.http().post('/staff/api/login').send({ email, password: PASSWORD }).expect(200);
  return (response.headers['set-cookie'] as unknown as string[])[0];
}

// One app for the describes below that need no other setting. It trusts X-Forwarded-For, which the
// sign-in tests use to sign in from addresses of their own.
let shared: TestApp;
beforeAll(async () => (shared = await createTestApp({ TRUST_PROXY: 'true' })));
afterAll(() => shared.close());

describe('staff sign-in', () => {
  let t: TestApp;
  let clients = 0;
  let ip = '';
  beforeAll(() => (t = shared));
  beforeEach(() => (ip = `10.3.0.${++clients}`));

  const login = (email: string, password: string) =>
    t.http().post('/staff/api/login').set('X-Forwarded-For', ip).send({ email, password });
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    ((response.headers['set-cookie'] as string[])[0] ?? '').split(';')[0];

  it('signs in (any letter case of the address), answers the account and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const account = await newAccount(t, 'Staff');
    const response = await login(account.email.toUpperCase(), PASSWORD).expect(200);
    expect(response.body).toEqual({
      id: account.id,
      email: account.email,
      name: 'Staff',
      role: 'agent',
      must_change_password: false,
      second_factors: [],
      second_factor_required: false,
      away: false,
    });
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0];
    expect(cookie).toMatch(/^ci_staff=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    const me = await t.http().get('/staff/api/me').set('Cookie', cookieOf(response)).expect(200);
    expect(me.body).toEqual(response.body);
  });

  it('ends the session on logout', async () => {
    const account = await newAccount(t, 'Staff');
    const cookie = cookieOf(await login(account.email, PASSWORD).expect(200));
    await t.http().post('/staff/api/logout').set('Cookie', cookie).set('Content-Type', 'application/json').expect(204);
    const after = await t.http().get('/staff/api/me').set('Cookie', cookie).expect(401);
    expect(after.body).toEqual({ status: 'error', message: 'Authentication required' });
  });

  it('answers a wrong password, an unknown address and a disabled account with the same 401', async () => {
    const account = await newAccount(t, 'Staff');
    const disabled = await newAccount(t, 'Staff');
    await t.app.get(StaffAccountsService).setDisabled(disabled.id, true, CLI_ACTOR);
    const answers = [
      await login(account.email, 'wrong password!!'),
      await login('nobody@example.com', PASSWORD),
      await login(disabled.email, PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ status: 'error', message: 'Invalid e-mail or password' });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('locks an address out after 5 failures (429 even with the right password), other addresses unaffected', async () => {
    const account = await newAccount(t, 'Staff');
    const other = await newAccount(t, 'Staff');
    for (let i = 0; i < 5; i++) {
      await login(account.email, 'wrong password!!').expect(401);
    }
    const locked = await login(account.email, PASSWORD).expect(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    await login(other.email, PASSWORD).expect(200);
  });

  it('matches the address exactly once normalised: no look-alike signs in or dodges the lockout', async () => {
    const account = await newAccount(t, 'Agent');
    const [local, domain] = account.email.split('@');
    const lookAlikes = [
      `${local}@${domain.replace('a', 'ä')}`,
      `${local.replace('a', 'ä')}@${domain}`,
      `${local.replace(/[a-z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0))}@${domain}`,
      `${local}\u200b@${domain}`,
    ];
    for (const lookAlike of lookAlikes) {
      expect({ lookAlike, status: (await login(lookAlike, PASSWORD)).status }).toEqual({ lookAlike, status: 401 });
    }
    for (let i = 0; i < 5; i++) {
      await login(account.email, 'wrong password!!').expect(401);
    }
    // Locked in every spelling of the address; its look-alikes are other addresses, which sign in nobody.
    await login(` ${account.email.toUpperCase()} `, PASSWORD).expect(429);
    for (const lookAlike of lookAlikes) {
      expect({ lookAlike, status: (await login(lookAlike, PASSWORD)).status }).toEqual({ lookAlike, status: 401 });
    }
  });

  it('takes an internationalised domain in either form, and counts its failures under one address', async () => {
    const suffix = randomBytes(4).toString('hex');
    await t.app
      .get(StaffAccountsService)
      .create({ email: `Ops.${suffix}@Exämple.test`, name: 'Ops', role: 'agent', password: PASSWORD }, CLI_ACTOR);
    const aLabel = `ops.${suffix}@xn--exmple-cua.test`;
    expect((await login(`OPS.${suffix}@EXÄMPLE.TEST`, PASSWORD).expect(200)).body).toMatchObject({ email: aLabel });
    for (let i = 0; i < 5; i++) {
      await login(`ops.${suffix}@exämple.test`, 'wrong password!!').expect(401);
    }
    await login(aLabel, PASSWORD).expect(429);
  });

  it('locks an IP out after 20 failures', async () => {
    for (let i = 0; i < 20; i++) {
      await login(`guess${i}@example.com`, 'wrong password!!').expect(401);
    }
    const account = await newAccount(t, 'Staff');
    await login(account.email, PASSWORD).expect(429);
  });

  it('refuses a forged cross-site form post and a foreign Origin with 403, before anything else', async () => {
    const account = await newAccount(t, 'Staff');
    const form = await t
      .http()
      .post('/staff/api/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Origin', 'https://evil.example')
      .send(`email=${encodeURIComponent(account.email)}&password=${encodeURIComponent(PASSWORD)}`)
      .expect(403);
    expect(form.body).toEqual({ status: 'error', message: FOREIGN_ORIGIN });
    await t
      .http()
      .post('/staff/api/login')
      .set('Origin', 'https://evil.example')
      .send({ email: account.email, password: PASSWORD })
      .expect(403);
    // The service's own origin (without PUBLIC_URL: that of the Host the request reached) is fine.
    await t
      .http()
      .post('/staff/api/login')
      .set('Host', 'intake.test')
      .set('Origin', 'http://intake.test')
      .send({ email: account.email, password: PASSWORD })
      .expect(200);
    // Logout with a body that is not JSON is a write a form could forge: 403 too. (With no body at all
    // it is allowed, as the OpenAPI document says: test/openapi-strict.e2e-spec.ts.)
    expect(
      (await t.http().post('/staff/api/logout').set('Content-Type', 'text/plain').send('bye').expect(403)).body,
    ).toEqual({ status: 'error', message: NOT_JSON });
    await t.http().post('/staff/api/logout').set('Content-Type', 'application/x-www-form-urlencoded').expect(403);
  });

  it('ends the sessions of a disabled account, and of one whose password was reset, within 5 s', async () => {
    const accounts = t.app.get(StaffAccountsService);
    const disabled = await newAccount(t, 'Staff');
    const reset = await newAccount(t, 'Staff');
    const disabledCookie = cookieOf(await login(disabled.email, PASSWORD).expect(200));
    const resetCookie = cookieOf(await login(reset.email, PASSWORD).expect(200));
    // A password changed after sign-in, by the clock's millisecond.
    t.clock.advance(5);
    await accounts.setDisabled(disabled.id, true, CLI_ACTOR);
    await accounts.resetPassword(reset.id, undefined, CLI_ACTOR);
    // Every process sees it once its copy of the account (cached 2 s) has gone.
    t.clock.advance(5_000);
    for (const cookie of [disabledCookie, resetCookie]) {
      await t.http().get('/staff/api/me').set('Cookie', cookie).expect(401);
    }
  });

  it('ends a session unused for STAFF_SESSION_IDLE (30 min), and any session STAFF_SESSION_TTL (12 h) after sign-in', async () => {
    const account = await newAccount(t, 'idle');
    const idle = (await signIn(t, account.email)).split(';')[0];
    const busy = (await signIn(t, account.email)).split(';')[0];
    const me = (cookie: string) => t.http().get('/staff/api/me').set('Cookie', cookie);
    const MINUTE = 60_000;
    t.clock.advance(29 * MINUTE);
    await me(busy).expect(200);
    t.clock.advance(2 * MINUTE);
    await me(idle).expect(401);
    await me(busy).expect(200);
    let signedInFor = 31 * MINUTE;
    for (; signedInFor + 25 * MINUTE < 12 * 60 * MINUTE; signedInFor += 25 * MINUTE) {
      t.clock.advance(25 * MINUTE);
      await me(busy).expect(200);
    }
    t.clock.advance(12 * 60 * MINUTE - signedInFor + MINUTE);
    await me(busy).expect(401);
  });

  it('answers 400 in the contract shape for a missing field', async () => {
    const response = await t.http().post('/staff/api/login').send({ password: PASSWORD }).expect(400);
    expect(response.body).toEqual({ status: 'error', message: 'Missing field: email' });
  });
});

describe('staff session lifetimes and production cookies', () => {
  // One production app with PUBLIC_URL for both tests: the origin test names the origin it sends and
  // checks which refusal it gets, and the cookie test sends none, so its page is PUBLIC_URL's https one.
  let t: TestApp;
  beforeAll(
    async () => (t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://intake.example.com/' })),
  );
  afterAll(() => t.close());

  it('takes the own origin from PUBLIC_URL when it is set', async () => {
    const account = await newAccount(t, 'origin');
    const body = { email: account.email, password: PASSWORD };
    const refused = await t
      .http()
      .post('/staff/api/login')
      .set('Host', 'intake.test')
      .set('Origin', 'http://intake.test')
      .send(body)
      .expect(403);
    // The cross-site rule's refusal (the request's own Host is not the origin), not production's
    // refusal of a plain-HTTP page.
    expect(refused.body).toEqual({ status: 'error', message: FOREIGN_ORIGIN });
    await t.http().post('/staff/api/login').set('Origin', 'https://intake.example.com').send(body).expect(200);
  });

  it('uses a __Host- cookie with Secure in production', async () => {
    const account = await newAccount(t, 'prod');
    const cookie = await signIn(t, account.email);
    expect(cookie).toMatch(/^__Host-ci_staff=/);
    expect(cookie).toContain('Secure');
    expect(cookie).not.toContain('Domain');
  });
});

describe('staff API tokens', () => {
  let t: TestApp;
  beforeAll(() => (t = shared));
  const cli = async (...args: string[]) =>
    (await runCli(['staff', ...args], { env: { ...process.env, LOG_LEVEL: 'error' } })).stdout;

  it('`staff token create` prints an st_ token once that authenticates as its account until `staff token revoke`', async () => {
    const account = await newAccount(t, 'bot');
    const created = JSON.parse(
      await cli('token', 'create', '--staff', account.id, '--name', 'triage bot', '--json'),
    ) as {
      id: string;
      token: string;
    };
    expect(created.token).toMatch(/^st_[0-9A-Za-z]{46}$/);
    const me = await t.http().get('/staff/api/me').set('Authorization', `Bearer ${created.token}`).expect(200);
    expect(me.body).toMatchObject({ id: account.id, role: 'agent' });
    const rows = await t.app.get(DataSource).query('SELECT * FROM staff_tokens WHERE id = ?', [created.id]);
    expect(JSON.stringify(rows)).not.toContain(created.token);

    const wrongChecksum = `${created.token.slice(0, -1)}${created.token.endsWith('0') ? '1' : '0'}`;
    await t.http().get('/staff/api/me').set('Authorization', `Bearer ${wrongChecksum}`).expect(401);
    expect(await cli('token', 'revoke', created.id)).toContain('Revoked staff token');
    await t.http().get('/staff/api/me').set('Authorization', `Bearer ${created.token}`).expect(401);
  });

  it("`staff token create --expires-in` sets the expiry and `staff token list` shows each token's state, never the token", async () => {
    const account = await newAccount(t, 'listed bot');
    const made = async (...extra: string[]) =>
      JSON.parse(await cli('token', 'create', '--staff', account.id, '--name', 'bot', '--json', ...extra)) as {
        id: string;
        token: string;
        expires_at: string | null;
      };
    const short = await made('--expires-in', '7d');
    const forever = await made('--expires-in', 'never');
    const standard = await made();
    const daysOf = (token: { expires_at: string | null }) =>
      Math.round((Date.parse(token.expires_at!) - Date.now()) / 86_400_000);
    expect([daysOf(short), forever.expires_at, daysOf(standard)]).toEqual([7, null, 90]);
    await cli('token', 'revoke', standard.id);

    const listed = await cli('token', 'list', '--staff', account.id, '--json');
    for (const { token } of [short, forever, standard]) {
      expect(listed).not.toContain(token);
    }
    const rows = JSON.parse(listed) as { id: string; state: string; expires_at: string | null }[];
    expect(Object.fromEntries(rows.map((row) => [row.id, row.state]))).toEqual({
      [short.id]: 'active',
      [forever.id]: 'active',
      [standard.id]: 'revoked',
    });
    expect(await cli('token', 'list', '--staff', account.id)).toContain('expires never');
  });

  it('refuses an st_ token from the moment it expires, and lists it as expired', async () => {
    const account = await newAccount(t, 'expiring bot');
    const tokens = t.app.get(StaffTokensService);
    const { token, row } = await tokens.create(account.id, 'one day', CLI_ACTOR, 1);
    const me = () => t.http().get('/staff/api/me').set('Authorization', `Bearer ${token}`);
    t.clock.advance(24 * 3_600_000 - 60_000);
    await me().expect(200);
    t.clock.advance(60_000);
    await me().expect(401);
    expect((await tokens.list(account.id)).map(({ token: listed, state }) => [listed.id, state])).toEqual([
      [row.id, 'expired'],
    ]);
  });
});

describe('staff secrets in logs', () => {
  it('never writes a password or a session id to the process output', async () => {
    const port = await freePort();
    const prefix = uniquePrefix();
    const api = await startService({
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'debug',
    });
    const maker = await createKeysAndAccounts({ REDIS_PREFIX: prefix });
    let sessionId: string;
    try {
      const account = await newAccount(maker, 'logs');
      const base = `http://127.0.0.1:${port}`;
      const json = { 'Content-Type': 'application/json' };
      await fetch(`${base}/staff/api/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: account.email, password: 'wrong password!!' }),
      });
      const login = await fetch(`${base}/staff/api/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: account.email, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      sessionId = (login.headers.get('set-cookie') ?? '').split(';')[0].split('=')[1];
      expect(sessionId).toHaveLength(43);
      const cookie = `ci_staff=${sessionId}`;
      await fetch(`${base}/staff/api/me`, { headers: { Cookie: cookie } });
      await fetch(`${base}/staff/api/logout`, { method: 'POST', headers: { ...json, Cookie: cookie } });
    } finally {
      await maker.close();
      expect(await api.stop()).toBe(0);
    }
    const output = api.output();
    expect(output).toContain('POST /staff/api/login');
    for (const secret of [PASSWORD, 'wrong password!!', sessionId]) {
      expect(output).not.toContain(secret);
    }
  });
});
