import { generate } from 'otplib';
import { PASSWORD_SIGN_IN_OFF } from '../src/staff-accounts/staff-auth.service';
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
    expect(errorOf(unknown.location)).toBe('No active staff account has the address the provider gave: ask an admin');
    expect(unknown.cookies.ci_staff).toBeUndefined();

    await provider.nextLogin({ account: account.email, emailVerified: false });
    expect(errorOf((await signOn(t)).location)).toContain('did not vouch for an e-mail address');

    // A state not begun here, a callback without the browser's cookie (someone else's sign-in pushed
    // into a victim's browser), and an ID token whose nonce is not the one asked for: all refused.
    await provider.nextLogin({ account: account.email });
    const otherState = await signOn(t, { tamperCallback: (url) => url.searchParams.set('state', 'forged-state') });
    expect(errorOf(otherState.location)).toContain('not begun in this browser');
    expect(errorOf((await signOn(t, { withCookie: false })).location)).toContain('not begun in this browser');
    const wrongNonce = await signOn(t, {
      tamperAuthorization: (url) => url.searchParams.set('nonce', 'not-the-nonce'),
    });
    expect(errorOf(wrongNonce.location)).toBe("The provider's answer did not check out: try again");
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
});
