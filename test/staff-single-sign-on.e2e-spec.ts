import { generate } from 'otplib';
import { DataSource } from 'typeorm';
import { PASSWORD_SIGN_IN_OFF } from '../src/staff-accounts/staff-sign-in.service';
import { OAuthProvider, startOAuthProvider } from './support/oauth-provider';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, STAFF_PASSWORD, staffCookie } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';

const PUBLIC_URL = 'https://intake.example.test';
const CALLBACK = `${PUBLIC_URL}/staff/sso/callback`;

/** The `name=value` pairs a response sets, by cookie name. */
function cookiesOf(response: { headers: Record<string, unknown> }): Record<string, string> {
  const lines = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return Object.fromEntries(lines.map((line) => line.split(';')[0].split('=')).map(([name, value]) => [name, value]));
}

/**
 * Single sign-on with OpenID Connect (issue 40, point 5) against a real provider (oidc-provider): the
 * code flow with PKCE, a state bound to the browser, a nonce and a verified ID token; the verified
 * e-mail signs in its active account, unknown ones are refused or made agents; a second factor is
 * still asked unless the provider vouched for one and OIDC_TRUST_MFA says to believe it.
 */
describe('staff single sign-on (OpenID Connect, a real provider)', () => {
  let provider: OAuthProvider;
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let strict: TestApp;

  beforeAll(async () => {
    [provider, database] = await Promise.all([startOAuthProvider(CALLBACK, 'nobody@example.com'), ownDatabase()]);
    const sso = {
      DATABASE_URL: database.url,
      STAFF_CHANNELS: 'webhooks',
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    };
    t = await createTestApp(sso);
    strict = await createTestApp({
      ...sso,
      OIDC_CREATE_ACCOUNTS: 'agent',
      OIDC_TRUST_MFA: 'true',
      STAFF_2FA_REQUIRED: 'all',
      STAFF_PASSWORD_SIGN_IN: 'off',
    });
  });
  afterAll(async () => {
    await strict?.close();
    await t?.close();
    await provider?.stop();
    await database?.drop();
  });

  /**
   * A browser's single sign-on: /staff/sso/start, the provider's pages, the callback. `tamper` may
   * change the authorization URL or the callback URL on the way; `withCookie` false drops ci_sso.
   */
  async function signOn(
    app: TestApp,
    options: {
      tamperAuthorization?: (url: URL) => void;
      tamperCallback?: (url: URL) => void;
      withCookie?: boolean;
    } = {},
  ) {
    const started = await app.http().get('/staff/sso/start').expect(302);
    const browser = cookiesOf(started).ci_sso;
    expect(browser).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const authorization = new URL(started.headers.location);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    options.tamperAuthorization?.(authorization);
    const back = await provider.authorize(authorization.href);
    options.tamperCallback?.(back);
    const answered = await app
      .http()
      .get(`${back.pathname}${back.search}`)
      .set('Cookie', options.withCookie === false ? '' : `ci_sso=${browser}`)
      .expect(303);
    return { location: answered.headers.location, cookies: cookiesOf(answered) };
  }

  const errorOf = (location: string) => decodeURIComponent(/sso_error=([^&]*)/.exec(location)?.[1] ?? '');

  /** The sign-in events (made or refused) whose provider sent this address: action, target, `after`. */
  async function signInEventsOf(app: TestApp, providerEmail: string) {
    const rows = await app.app
      .get(DataSource)
      .query<{ action: string; target_id: string | null; after: string | null }[]>(
        "SELECT action, target_id, `after` FROM audit_events WHERE action IN ('staff.login', 'staff.login_failed')",
      );
    return rows
      .map((row) => ({
        action: row.action,
        target: row.target_id,
        after: JSON.parse(row.after ?? '{}') as Record<string, unknown>,
      }))
      .filter((event) => event.after.provider_email === providerEmail);
  }

  /** Addresses that look like `email` (or that the database's collation took for it) but are others. */
  function lookAlikesOf(email: string): Record<string, string> {
    const [local, domain] = email.split('@');
    return {
      'accented domain': `${local}@${domain.replace('a', 'ä')}`,
      'accented local part': `${local.replace('a', 'ä')}@${domain}`,
      'full-width letters': `${local.replace(/[a-z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0))}@${domain}`,
      'zero-width space': `${local}\u200b@${domain}`,
    };
  }

  it('signs in no account with a look-alike of its address, and the audit keeps the address the provider sent', async () => {
    const admin = await newStaffAccount(t, 'Ada Admin', 'admin');
    for (const [kind, lookAlike] of Object.entries(lookAlikesOf(admin.email))) {
      await provider.nextLogin({ account: lookAlike });
      const refused = await signOn(t);
      expect({ kind, error: errorOf(refused.location), cookie: refused.cookies.ci_staff }).toEqual({
        kind,
        error: 'no_account',
        cookie: undefined,
      });
      expect(await signInEventsOf(t, lookAlike)).toEqual([
        {
          action: 'staff.login_failed',
          target: null,
          after: {
            method: 'sso',
            provider_email: lookAlike,
            reason: kind === 'zero-width space' ? 'not a staff address' : 'unknown e-mail',
          },
        },
      ]);
    }
    // Its own address, in another letter case, is the same address.
    const shouted = admin.email.toUpperCase();
    await provider.nextLogin({ account: shouted });
    const signedOn = await signOn(t);
    expect(signedOn.cookies.ci_staff).toBeDefined();
    expect(await signInEventsOf(t, shouted)).toEqual([
      { action: 'staff.login', target: admin.id, after: { method: 'sso', provider_email: shouted } },
    ]);
  });

  it("refuses an ID token whose signature is not the provider's (its claims changed, or signed by another key)", async () => {
    const victim = await newStaffAccount(t, 'Vic Victim', 'admin');
    const mallory = await newStaffAccount(t, 'Mal Lory');
    for (const signedBy of ['provider', 'another key'] as const) {
      await provider.nextLogin({ account: mallory.email, forgeIdToken: { email: victim.email, signedBy } });
      const forged = await signOn(t);
      expect({ signedBy, error: errorOf(forged.location), cookie: forged.cookies.ci_staff }).toEqual({
        signedBy,
        error: 'answer_unverified',
        cookie: undefined,
      });
    }
    // The provider's own tokens still check out against its (cached) keys.
    await provider.nextLogin({ account: victim.email });
    const genuine = await signOn(t);
    const session = `ci_staff=${genuine.cookies.ci_staff}`;
    expect((await t.http().get('/staff/api/me').set('Cookie', session).expect(200)).body).toMatchObject({
      id: victim.id,
    });
  });

  it("takes Entra's xms_edov for a verified address only from Microsoft Entra", async () => {
    const account = await newStaffAccount(t, 'Ed Ov');
    await provider.nextLogin({ account: account.email, emailVerified: false, xmsEdov: true });
    const refused = await signOn(t);
    expect(errorOf(refused.location)).toBe('no_verified_address');
    expect(refused.cookies.ci_staff).toBeUndefined();
    expect(await signInEventsOf(t, account.email)).toEqual([
      {
        action: 'staff.login_failed',
        target: null,
        after: { method: 'sso', provider_email: account.email, reason: 'address not verified' },
      },
    ]);
  });

  it('signs in the active account of the verified address, and refuses unknown, unverified or tampered answers', async () => {
    const account = await newStaffAccount(t, 'Sol Sso');
    expect((await t.http().get('/staff/api/sign-in-options').expect(200)).body).toEqual({ password: true, sso: true });
    await provider.nextLogin({ account: account.email });
    const signedOn = await signOn(t);
    expect(signedOn.location).toBe(`${PUBLIC_URL}/staff/#/`);
    const session = `ci_staff=${signedOn.cookies.ci_staff}`;
    expect((await t.http().get('/staff/api/me').set('Cookie', session).expect(200)).body).toMatchObject({
      id: account.id,
    });
    const sessions = (await t.http().get('/staff/api/me/sessions').set('Cookie', session).expect(200)).body as {
      method: string;
    }[];
    expect(sessions.map((listed) => listed.method)).toEqual(['sso']);

    await provider.nextLogin({ account: 'stranger@example.com' });
    const unknown = await signOn(t);
    expect(errorOf(unknown.location)).toBe('no_account');
    expect(unknown.cookies.ci_staff).toBeUndefined();

    await provider.nextLogin({ account: account.email, emailVerified: false });
    expect(errorOf((await signOn(t)).location)).toBe('no_verified_address');

    // A state not begun here, a callback without the browser's cookie (someone else's sign-in pushed
    // into a victim's browser), and an ID token whose nonce is not the one asked for: all refused.
    await provider.nextLogin({ account: account.email });
    const otherState = await signOn(t, { tamperCallback: (url) => url.searchParams.set('state', 'forged-state') });
    expect(errorOf(otherState.location)).toBe('not_begun_here');
    expect(errorOf((await signOn(t, { withCookie: false })).location)).toBe('not_begun_here');
    const wrongNonce = await signOn(t, {
      tamperAuthorization: (url) => url.searchParams.set('nonce', 'not-the-nonce'),
    });
    expect(errorOf(wrongNonce.location)).toBe('answer_unverified');
    expect(wrongNonce.cookies.ci_staff).toBeUndefined();
  });

  it('asks an account with an authenticator app for its code after single sign-on', async () => {
    const account = await newStaffAccount(t, 'Tia Sso');
    const cookie = await staffCookie(t, account.email);
    const { secret } = (await t.http().post('/staff/api/me/totp').set('Cookie', cookie).send({}).expect(200)).body as {
      secret: string;
    };
    const epoch = () => Math.floor(t.clock.nowMs() / 1000);
    await t
      .http()
      .post('/staff/api/me/totp/confirm')
      .set('Cookie', cookie)
      .send({ code: await generate({ secret, epoch: epoch() }) })
      .expect(200);
    await provider.nextLogin({ account: account.email, amr: ['pwd', 'mfa'] });
    const signedOn = await signOn(t);
    // OIDC_TRUST_MFA is off here: the provider's word on a second factor does not count.
    expect(signedOn.location).toBe(`${PUBLIC_URL}/staff/#/?second_factor=totp,recovery_code`);
    expect(signedOn.cookies.ci_staff).toBeUndefined();
    t.clock.advance(30_000);
    const done = await t
      .http()
      .post('/staff/api/login/second-factor')
      .set('Cookie', `ci_login=${signedOn.cookies.ci_login}`)
      .send({ code: await generate({ secret, epoch: epoch() }) })
      .expect(200);
    const session = `ci_staff=${cookiesOf(done).ci_staff}`;
    const listed = (await t.http().get('/staff/api/me/sessions').set('Cookie', session).expect(200)).body as {
      method: string;
      current: boolean;
    }[];
    expect(listed.find((one) => one.current)?.method).toBe('sso+totp');
  });

  it("with OIDC_CREATE_ACCOUNTS=agent, OIDC_TRUST_MFA and STAFF_PASSWORD_SIGN_IN=off: new agents, the provider's mfa counted, no passwords", async () => {
    expect((await strict.http().get('/staff/api/sign-in-options').expect(200)).body).toEqual({
      password: false,
      sso: true,
    });
    const existing = await newStaffAccount(strict, 'Pat Password');
    await strict
      .http()
      .post('/staff/api/login')
      .send({ email: existing.email, password: STAFF_PASSWORD })
      .expect(403, { status: 'error', message: PASSWORD_SIGN_IN_OFF });

    // An unknown verified address becomes an agent; without mfa, STAFF_2FA_REQUIRED holds it at set-up.
    await provider.nextLogin({ account: 'new.agent@example.com' });
    const plain = await signOn(strict);
    const plainSession = `ci_staff=${plain.cookies.ci_staff}`;
    expect((await strict.http().get('/staff/api/me').set('Cookie', plainSession).expect(200)).body).toMatchObject({
      email: 'new.agent@example.com',
      name: 'Person new.agent',
      role: 'agent',
      second_factor_required: true,
    });
    await strict.http().get('/staff/api/submissions').set('Cookie', plainSession).expect(403);

    // The provider vouched for a second factor (amr: mfa) and OIDC_TRUST_MFA believes it: two factors.
    await provider.nextLogin({ account: 'new.agent@example.com', amr: ['pwd', 'mfa'] });
    const vouched = await signOn(strict);
    const vouchedSession = `ci_staff=${vouched.cookies.ci_staff}`;
    expect((await strict.http().get('/staff/api/me').set('Cookie', vouchedSession).expect(200)).body).toMatchObject({
      second_factor_required: false,
    });
    await strict.http().get('/staff/api/submissions').set('Cookie', vouchedSession).expect(200);
  });

  it("with OIDC_TRUST_MFA, a look-alike vouched for with mfa gets an agent account of its own, never the admin's", async () => {
    const admin = await newStaffAccount(strict, 'Ida Admin', 'admin');
    const { 'full-width letters': wide, 'zero-width space': hidden } = lookAlikesOf(admin.email);
    await provider.nextLogin({ account: wide, amr: ['pwd', 'mfa'] });
    const other = await signOn(strict);
    const me = (
      await strict.http().get('/staff/api/me').set('Cookie', `ci_staff=${other.cookies.ci_staff}`).expect(200)
    ).body as { id: string; email: string; role: string };
    expect(me).toMatchObject({ email: wide, role: 'agent' });
    expect(me.id).not.toBe(admin.id);

    // An address with an invisible character is no staff address: no session, no account made.
    await provider.nextLogin({ account: hidden, amr: ['pwd', 'mfa'] });
    const refused = await signOn(strict);
    expect(errorOf(refused.location)).toBe('no_account');
    expect(refused.cookies.ci_staff).toBeUndefined();
    expect(await signInEventsOf(strict, hidden)).toEqual([
      {
        action: 'staff.login_failed',
        target: null,
        after: { method: 'sso', provider_email: hidden, reason: 'not a staff address' },
      },
    ]);
  });
});
