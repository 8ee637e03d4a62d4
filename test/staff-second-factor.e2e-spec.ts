import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { DataSource } from 'typeorm';
import { INVALID_CODE, SIGN_IN_EXPIRED } from '../src/staff-accounts/staff-sign-in.service';
import { PASSKEY_REFUSED } from '../src/staff-identity/passkeys.service';
import { ownDatabase } from './support/own-database';
import { cliJson } from './support/processes';
import { SmtpSink } from './support/smtp-sink';
import { newStaffAccount, STAFF_PASSWORD, staffCookie } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';
import { SECOND_FACTOR_REQUIRED } from '../src/staff-auth/staff-admission';

/** The `name=value` pairs a response sets, by cookie name. */
function cookiesOf(response: { headers: Record<string, unknown> }): Record<string, string> {
  const lines = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return Object.fromEntries(lines.map((line) => line.split(';')[0].split('=')).map(([name, value]) => [name, value]));
}

/**
 * Two-factor sign-in with an authenticator app (issue 40, points 1, 3, 4 and 7): set up and confirmed
 * with a code, recovery codes, the second step of sign-in with its short-lived cookie, each code once,
 * the same lockout as passwords, turned off with a code, STAFF_2FA_REQUIRED, audit and notices.
 */
describe('staff sign-in with an authenticator app (TOTP)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  const smtp = new SmtpSink();
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await ownDatabase();
    t = await createTestApp({
      DATABASE_URL: database.url,
      STAFF_CHANNELS: 'webhooks',
      SMTP_URL: await smtp.start(),
      DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    });
    apps.push(t);
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    await smtp.stop();
    await database.drop();
  });

  /** The code the app shows at the service's time (moved by the test clock), `steps` periods on. */
  const codeAt = (app: TestApp, secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(app.clock.nowMs() / 1000) + steps * 30 });

  /** Sets up and confirms an app for the account signed in with `cookie`: its secret and recovery codes. */
  async function setUp(app: TestApp, cookie: string): Promise<{ secret: string; recovery: string[] }> {
    const started = await app.http().post('/staff/api/me/totp').set('Cookie', cookie).send({}).expect(200);
    const { secret } = started.body as { secret: string };
    const confirmed = await app
      .http()
      .post('/staff/api/me/totp/confirm')
      .set('Cookie', cookie)
      .send({ code: await codeAt(app, secret) })
      .expect(200);
    return { secret, recovery: confirmed.body.recovery_codes as string[] };
  }

  /** The password step: its answer and the login cookie it set (no session). */
  async function passwordStep(app: TestApp, email: string, ip = '127.0.0.1') {
    const response = await app
      .http()
      .post('/staff/api/login')
      .set('X-Forwarded-For', ip)
      .send({ email, password: STAFF_PASSWORD })
      .expect(200);
    const cookies = cookiesOf(response);
    return { body: response.body as Record<string, unknown>, cookies, login: `ci_login=${cookies.ci_login}` };
  }

  const secondStep = (app: TestApp, login: string, proof: Record<string, string>, ip = '127.0.0.1') =>
    app.http().post('/staff/api/login/second-factor').set('Cookie', login).set('X-Forwarded-For', ip).send(proof);

  it('sets up an app (secret sealed, QR URL, ten recovery codes once), then asks for a code at sign-in, each code once', async () => {
    const account = await newStaffAccount(t, 'Tess Totp');
    const cookie = await staffCookie(t, account.email);
    expect((await t.http().get('/staff/api/me').set('Cookie', cookie).expect(200)).body).toMatchObject({
      second_factors: [],
      second_factor_required: false,
    });
    const started = await t.http().post('/staff/api/me/totp').set('Cookie', cookie).send({}).expect(200);
    const { secret, otpauth_url: url } = started.body as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const otpauth = new URL(url);
    expect([otpauth.protocol, otpauth.host, decodeURIComponent(otpauth.pathname)]).toEqual([
      'otpauth:',
      'totp',
      `/contact-intake:${account.email}`,
    ]);
    expect(otpauth.searchParams.get('secret')).toBe(secret);
    // Not a second factor until confirmed; a wrong first code confirms nothing.
    expect((await passwordStep(t, account.email)).body).toMatchObject({ id: account.id });
    await t
      .http()
      .post('/staff/api/me/totp/confirm')
      .set('Cookie', cookie)
      .send({ code: (Number(await codeAt(t, secret)) ^ 1).toString().padStart(6, '0') })
      .expect(400, { status: 'error', message: INVALID_CODE });
    const confirmed = await t
      .http()
      .post('/staff/api/me/totp/confirm')
      .set('Cookie', cookie)
      .send({ code: await codeAt(t, secret) })
      .expect(200);
    const recovery = confirmed.body.recovery_codes as string[];
    expect(new Set(recovery).size).toBe(10);
    expect(recovery.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
    await t.http().post('/staff/api/me/totp').set('Cookie', cookie).send({}).expect(409);
    // Sealed at rest, and the recovery codes kept only as hashes.
    const [stored] = await t.app
      .get(DataSource)
      .query<{ secret: string; enc_key_id: string }[]>('SELECT secret, enc_key_id FROM staff_totp WHERE id = ?', [
        account.id,
      ]);
    expect(stored.enc_key_id).toBe('k1');
    expect(stored.secret).not.toContain(secret);
    const hashes = await t.app
      .get(DataSource)
      .query<{ code_hash: string }[]>('SELECT code_hash FROM staff_recovery_codes WHERE account_id = ?', [account.id]);
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recovery[0].replace('-', ''));

    // The password step gives no session: only the login cookie, which opens nothing else.
    const first = await passwordStep(t, account.email);
    expect(first.body).toEqual({ second_factor: ['totp', 'recovery_code'] });
    expect(Object.keys(first.cookies)).toEqual(['ci_login']);
    await t.http().get('/staff/api/me').set('Cookie', `ci_staff=${first.cookies.ci_login}`).expect(401);
    // The code that confirmed the app was spent; the next period's code signs in, once.
    t.clock.advance(30_000);
    const code = await codeAt(t, secret);
    await secondStep(t, first.login, { code: '000000' }).expect(401, { status: 'error', message: INVALID_CODE });
    const done = await secondStep(t, first.login, { code }).expect(200);
    expect(done.body).toMatchObject({ id: account.id, second_factors: ['totp', 'recovery_code'] });
    const session = `ci_staff=${cookiesOf(done).ci_staff}`;
    await t.http().get('/staff/api/submissions').set('Cookie', session).expect(200);
    // The login cookie is spent, and the same code does not sign in a second time.
    await secondStep(t, first.login, { code }).expect(401, { status: 'error', message: SIGN_IN_EXPIRED });
    const again = await passwordStep(t, account.email);
    await secondStep(t, again.login, { code }).expect(401, { status: 'error', message: INVALID_CODE });
    // A recovery code works once, in any case and without its dash.
    await secondStep(t, again.login, { recovery_code: recovery[3].toUpperCase().replace('-', '') }).expect(200);
    const third = await passwordStep(t, account.email);
    await secondStep(t, third.login, { recovery_code: recovery[3] }).expect(401);
    await secondStep(t, third.login, {}).expect(400);
    await secondStep(t, 'ci_login=made-up', { code: await codeAt(t, secret, 1) }).expect(401, {
      status: 'error',
      message: SIGN_IN_EXPIRED,
    });

    // Turned off with a code (a wrong one changes nothing): the password alone signs in again.
    t.clock.advance(30_000);
    await t.http().delete('/staff/api/me/totp').set('Cookie', session).send({ code: '123456' }).expect(400);
    await t
      .http()
      .delete('/staff/api/me/totp')
      .set('Cookie', session)
      .send({ code: await codeAt(t, secret) })
      .expect(204);
    expect((await passwordStep(t, account.email)).body).toMatchObject({ id: account.id, second_factors: [] });

    const actions = (
      await t.app
        .get(DataSource)
        .query<{ action: string }[]>(
          "SELECT action FROM audit_events WHERE target_id = ? AND action LIKE 'staff.%' AND action <> 'staff.login' ORDER BY id",
          [account.id],
        )
    ).map(({ action }) => action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.totp_enabled',
        'staff.recovery_code_used',
        'staff.totp_disabled',
        'staff.login_failed',
      ]),
    );
    const notices = smtp.received.filter((mail) => mail.to.includes(account.email.toLowerCase()));
    expect(notices.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])).toEqual([
      'An authenticator app was set up for your staff account',
      'The authenticator app of your staff account was turned off',
    ]);
  });

  it('lets an operator remove a lost phone from the command line (audited, told by mail)', async () => {
    const account = await newStaffAccount(t, 'Lost Phone');
    await setUp(t, await staffCookie(t, account.email));
    expect((await passwordStep(t, account.email)).body).toEqual({ second_factor: ['totp', 'recovery_code'] });
    const env = { DATABASE_URL: database.url, SMTP_URL: t.config.mail.smtpUrl! };
    expect(await cliJson(env, ['two-factor', 'reset', account.id, '--json'])).toEqual({
      id: account.id,
      email: account.email,
      removed: true,
    });
    expect((await passwordStep(t, account.email)).body).toMatchObject({ id: account.id, second_factors: [] });
    expect(await cliJson(env, ['two-factor', 'reset', account.id, '--json'])).toMatchObject({ removed: false });
    const [event] = await t.app
      .get(DataSource)
      .query<{ actor_type: string }[]>(
        "SELECT actor_type FROM audit_events WHERE target_id = ? AND action = 'staff.second_factors_reset'",
        [account.id],
      );
    expect(event).toEqual({ actor_type: 'cli' });
    const subjects = smtp.received
      .filter((mail) => mail.to.includes(account.email.toLowerCase()))
      .map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]);
    expect(subjects).toContain('The second factors of your staff account were reset by an operator');
  });

  it('refuses a passkey sign-in the service cannot verify, and passkey options carry a one-time challenge', async () => {
    const options = await t.http().post('/staff/api/login/passkey/options').send({}).expect(200);
    expect(options.body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.body.userVerification).toBe('required');
    const ticket = cookiesOf(options).ci_passkey;
    const forged = {
      id: 'bm90LWEta2V5',
      rawId: 'bm90LWEta2V5',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    await t
      .http()
      .post('/staff/api/login/passkey')
      .set('Cookie', `ci_passkey=${ticket}`)
      .send({ response: forged })
      .expect(401, { status: 'error', message: PASSKEY_REFUSED });
    await t.http().post('/staff/api/login/passkey').send({}).expect(400);
  });

  it('counts wrong codes with the same lockout as wrong passwords, however many arrive at once', async () => {
    const account = await newStaffAccount(t, 'Lock Totp');
    const { secret } = await setUp(t, await staffCookie(t, account.email, '10.9.0.1'));
    const { login } = await passwordStep(t, account.email, '10.9.0.2');
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => secondStep(t, login, { code: '000000' }, '10.9.0.2')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429]);
    // Locked: even the right code is refused now, and so is the password.
    t.clock.advance(30_000);
    await secondStep(t, login, { code: await codeAt(t, secret) }, '10.9.0.2').expect(429);
    await t
      .http()
      .post('/staff/api/login')
      .set('X-Forwarded-For', '10.9.0.3')
      .send({ email: account.email, password: STAFF_PASSWORD })
      .expect(429);
  });

  it('STAFF_2FA_REQUIRED=admin: an admin without a second factor reaches only its own account until it sets one up', async () => {
    const strict = await createTestApp({
      DATABASE_URL: database.url,
      STAFF_CHANNELS: 'webhooks',
      STAFF_2FA_REQUIRED: 'admin',
    });
    apps.push(strict);
    const admin = await newStaffAccount(strict, 'Ada Required', 'admin');
    const agent = await newStaffAccount(strict, 'Alan Free');
    const cookie = await staffCookie(strict, admin.email);
    expect((await strict.http().get('/staff/api/me').set('Cookie', cookie).expect(200)).body).toMatchObject({
      second_factors: [],
      second_factor_required: true,
    });
    await strict
      .http()
      .get('/staff/api/submissions')
      .set('Cookie', cookie)
      .expect(403, { status: 'error', message: SECOND_FACTOR_REQUIRED });
    await strict.http().get('/staff/api/staff').set('Cookie', cookie).expect(403);
    await strict
      .http()
      .get('/staff/api/submissions')
      .set('Cookie', await staffCookie(strict, agent.email))
      .expect(200);
    await setUp(strict, cookie);
    await strict.http().get('/staff/api/submissions').set('Cookie', cookie).expect(200);
    expect((await strict.http().get('/staff/api/me').set('Cookie', cookie).expect(200)).body).toMatchObject({
      second_factor_required: false,
    });
  });
});
