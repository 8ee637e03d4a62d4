import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MailboxPoller, PROCESSED_KEYWORD } from '../src/mail/mailbox-poller';
import { SmtpMailer } from '../src/mail/smtp-mailer';
import { MailboxConnectionsRepository } from '../src/mailboxes/mailbox-connections.repository';
import { MailboxNotConnectedError } from '../src/mailboxes/mailbox-credentials';
import { Dovecot, startDovecot } from './support/dovecot';
import { OAuthProvider, startOAuthProvider } from './support/oauth-provider';
import { ownDatabase } from './support/own-database';
import { SmtpSink } from './support/smtp-sink';
import { signedInStaff, staffCookie } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';

/** The console's origin as an admin's browser sees it (behind a proxy): the redirect URI registered at the provider. */
const PUBLIC_URL = 'https://intake.example.test';
const REDIRECT_URI = `${PUBLIC_URL}/staff/api/mailbox/callback`;
const MAILBOX = 'intake';

/**
 * Mailboxes by OAuth2 (issue 39, points 5 and 6), against real servers: an OpenID provider
 * (oidc-provider, refresh tokens rotated), Dovecot checking XOAUTH2 / OAUTHBEARER tokens by the
 * provider's introspection, and an SMTP server taking only XOAUTH2, checked the same way. The test
 * plays the admin's browser between the console's Connect and the provider.
 */
describe('a mailbox connected by OAuth2 (real provider, Dovecot and SMTP server)', () => {
  let provider: OAuthProvider;
  let dovecot: Dovecot;
  let smtp: SmtpSink;
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let admin: { account: { email: string }; cookie: string };
  const apps: TestApp[] = [];

  beforeAll(async () => {
    provider = await startOAuthProvider(REDIRECT_URI, MAILBOX);
    [dovecot, database] = await Promise.all([
      startDovecot({ oauth2IntrospectionUrl: provider.introspectionUrlForMailServers }),
      ownDatabase(),
    ]);
    smtp = new SmtpSink({ introspect: provider.introspect });
    const smtpUrl = new URL(await smtp.start());
    t = await createTestApp({
      DATABASE_URL: database.url,
      STAFF_CHANNELS: 'webhooks',
      PUBLIC_URL,
      MAIL_OAUTH_PROVIDER: 'oidc',
      MAIL_OAUTH_ISSUER: provider.issuer,
      MAIL_OAUTH_CLIENT_ID: provider.clientId,
      MAIL_OAUTH_CLIENT_SECRET: provider.clientSecret,
      // Host, port and the mailbox as user, no password: the connected grant signs in to both.
      INBOUND_IMAP_URL: `imap://${MAILBOX}@127.0.0.1:${dovecot.port}/INBOX`,
      SMTP_URL: `smtp://${MAILBOX}@${smtpUrl.host}`,
      INBOUND_POLL_INTERVAL: '3600',
      DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    });
    apps.push(t);
    admin = await signedInStaff(t, 'Mailbox Admin', 'admin');
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    await smtp?.stop();
    await dovecot?.stop();
    await provider?.stop();
    await database?.drop();
  });

  const mailbox = async () => (await t.http().get('/staff/api/mailbox').set('Cookie', admin.cookie).expect(200)).body;
  const gauge = async () =>
    /^mailbox_connected\{auth="oauth2"\} (\d)$/m.exec((await t.http().get('/metrics').expect(200)).text)?.[1];
  const grant = async () => (await t.app.get(MailboxConnectionsRepository).find())!;
  const mail = (id: string) =>
    `From: customer@example.com\r\nTo: ${MAILBOX}@intake.test\r\nSubject: ${id}\r\nMessage-ID: <${id}@example.com>\r\n\r\nhello\r\n`;
  const send = (subject: string) =>
    t.app
      .get(SmtpMailer)
      .send({ from: 'intake@intake.test', to: 'customer@example.com', subject, text: 'hi', headers: {} });
  const poll = () => t.app.get(MailboxPoller).pollOnce();

  /** Begins a connection as the console's Connect does: the authorization URL and the browser's ci_mailbox cookie. */
  async function begin(): Promise<{ authorizationUrl: string; browser: string }> {
    const started = await t.http().post('/staff/api/mailbox/connect').set('Cookie', admin.cookie).send({}).expect(200);
    expect(started.body.redirect_uri).toBe(REDIRECT_URI);
    const browser = (started.headers['set-cookie'] as unknown as string[]).find((line) =>
      line.startsWith('ci_mailbox='),
    );
    expect(browser).toMatch(/^ci_mailbox=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);
    return { authorizationUrl: started.body.authorization_url, browser: browser!.split(';')[0] };
  }

  /** The callback as a browser with these cookies reaches it: where it sends the browser. */
  const callback = async (back: URL, cookie: string) =>
    (await t.http().get(`${back.pathname}${back.search}`).set('Cookie', cookie).expect(303)).headers.location;

  /** Connect, as an admin does in the console: the provider's page, then its redirect back to the callback. */
  async function connect(): Promise<string> {
    const { authorizationUrl, browser } = await begin();
    return callback(await provider.authorize(authorizationUrl), browser);
  }

  it('connects, polls and sends with the grant, renews tokens before expiry and after a refusal, stops on a revoked grant and reconnects', async () => {
    // Not connected yet: no poll signs in, the state says so, the gauge reads 0.
    expect(await mailbox()).toMatchObject({
      state: 'not_configured',
      auth: 'oauth2',
      provider: 'oidc',
      address: MAILBOX,
    });
    expect(await gauge()).toBe('0');
    await dovecot.append(mail('oauth-1'));
    expect(await poll()).toBe(0);
    await expect(send('before connecting')).rejects.toThrow(MailboxNotConnectedError);

    // The authorization request: code flow, PKCE S256, a state, offline access, the ID token's e-mail
    // (which account granted it), the mailbox as hint.
    const started = await begin();
    const authorization = new URL(started.authorizationUrl);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      code_challenge_method: 'S256',
      scope: 'openid email offline_access',
      login_hint: MAILBOX,
    });
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A state that was not begun here is refused, and so is the right state used a second time: the
    // console is told by a code of a fixed list.
    const back = await provider.authorize(started.authorizationUrl);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-a-state-of-ours');
    const refusedUrl = `${PUBLIC_URL}/staff/#/settings?mailbox_error=not_begun_here`;
    expect(await callback(forged, started.browser)).toBe(refusedUrl);
    expect((await mailbox()).state).toBe('not_configured');
    expect(await callback(back, started.browser)).toBe(`${PUBLIC_URL}/staff/#/settings?mailbox=connected`);
    expect(await callback(back, started.browser)).toBe(refusedUrl);

    expect(await mailbox()).toMatchObject({ state: 'connected', last_error: null, last_poll_at: null });
    expect(await gauge()).toBe('1');
    // Sealed at rest: the stored refresh token is not the one the provider knows.
    const connected = await grant();
    const [raw] = await t.app
      .get(DataSource)
      .query<Record<string, string>[]>('SELECT refresh_token, access_token, enc_key_id FROM mailbox_connections');
    expect(raw.enc_key_id).toBe('k1');
    expect(raw.refresh_token).not.toContain(connected.refreshToken!);
    expect(raw.access_token).not.toContain(connected.accessToken!);
    expect(await provider.introspect(connected.accessToken!)).toMatchObject({ active: true, sub: MAILBOX });

    // Poll and send sign in with the grant's access token (the URLs hold no password).
    expect(await poll()).toBe(1);
    expect(await dovecot.flags()).toEqual([[PROCESSED_KEYWORD, '\\Seen'].sort()]);
    expect((await mailbox()).last_poll_at).not.toBeNull();
    await send('with the grant');
    expect(smtp.received.map((received) => /^Subject: (.*)$/m.exec(received.raw)?.[1])).toEqual(['with the grant']);
    expect(smtp.signedIn).toEqual([MAILBOX]);

    // Renewed before it expires: with under five minutes left, the next poll gets a new one first
    // (and the provider's rotation hands out a new refresh token with it).
    t.clock.advance(56 * 60_000);
    admin.cookie = await staffCookie(t, admin.account.email); // the session idled out meanwhile
    await dovecot.append(mail('oauth-2'));
    expect(await poll()).toBe(1);
    const renewed = await grant();
    expect(renewed.accessToken).not.toBe(connected.accessToken);
    expect(renewed.refreshToken).not.toBe(connected.refreshToken);
    expect(await provider.introspect(renewed.accessToken!)).toMatchObject({ active: true });

    // Renewed after a refusal: the provider ended the access token before its time; IMAP and SMTP
    // refuse it, and each renews it once and carries on.
    await provider.endAccessToken(renewed.accessToken!);
    expect(await provider.introspect(renewed.accessToken!)).toMatchObject({ active: false });
    await dovecot.append(mail('oauth-3'));
    expect(await poll()).toBe(1);
    const afterImapRefusal = await grant();
    expect(afterImapRefusal.accessToken).not.toBe(renewed.accessToken);
    await provider.endAccessToken(afterImapRefusal.accessToken!);
    await send('after a refused token');
    expect(smtp.received).toHaveLength(2);
    expect((await grant()).accessToken).not.toBe(afterImapRefusal.accessToken);
    expect(await mailbox()).toMatchObject({ state: 'connected', last_error: null });

    // Revoked: the grant is gone at the provider. The poll ends quietly with needs_reconnect and the
    // provider's words, the gauge reads 0, the next polls do not even try, a send fails for its job to retry.
    const beforeRevoke = await grant();
    await provider.revoke(beforeRevoke.refreshToken!, 'refresh_token');
    expect(await provider.introspect(beforeRevoke.accessToken!)).toMatchObject({ active: false });
    await dovecot.append(mail('oauth-4'));
    expect(await poll()).toBe(0);
    const stopped = await mailbox();
    expect(stopped).toMatchObject({ state: 'needs_reconnect' });
    expect(stopped.last_error).toContain('invalid_grant');
    expect(await gauge()).toBe('0');
    expect(await poll()).toBe(0);
    await expect(send('while revoked')).rejects.toThrow(MailboxNotConnectedError);
    expect(smtp.received).toHaveLength(2);

    // Reconnected: the mail that waited is taken, and mail goes out again.
    expect(await connect()).toBe(`${PUBLIC_URL}/staff/#/settings?mailbox=connected`);
    expect(await mailbox()).toMatchObject({ state: 'connected', last_error: null });
    expect(await gauge()).toBe('1');
    expect(await poll()).toBe(1);
    await send('reconnected');
    expect(smtp.received).toHaveLength(3);

    const audit = await t
      .http()
      .get('/staff/api/audit?action=mailbox.connected')
      .set('Cookie', admin.cookie)
      .expect(200);
    expect(JSON.stringify(audit.body)).not.toContain(beforeRevoke.refreshToken!);
    expect(audit.body.items.map((event: { action: string }) => event.action)).toEqual([
      'mailbox.connected',
      'mailbox.connected',
    ]);
  });

  it("finishes only in the browser that began it, and only with the configured mailbox's grant: refusals store nothing", async () => {
    admin.cookie = await staffCookie(t, admin.account.email);
    if ((await mailbox()).state !== 'connected') {
      await connect();
    }
    const before = await grant();
    const refused = (code: string) => `${PUBLIC_URL}/staff/#/settings?mailbox_error=${code}`;

    // The callback in a browser without the flow's cookie (the admin's session alone does not do), or
    // pushed into another browser (its own flow's cookie): someone else's grant never lands here.
    const first = await begin();
    expect(await callback(await provider.authorize(first.authorizationUrl), admin.cookie)).toBe(
      refused('not_begun_here'),
    );
    const mine = await begin();
    const theirs = await begin();
    expect(await callback(await provider.authorize(theirs.authorizationUrl), mine.browser)).toBe(
      refused('not_begun_here'),
    );

    // The provider granted another account than the configured mailbox: refused, nothing stored.
    await provider.nextLogin({ account: 'someone-else' });
    try {
      expect(await connect()).toBe(refused('wrong_account'));
    } finally {
      await provider.nextLogin({});
    }
    const after = await grant();
    expect([after.refreshToken, after.connectedAt]).toEqual([before.refreshToken, before.connectedAt]);
    expect(await mailbox()).toMatchObject({ state: 'connected', address: MAILBOX });

    // Whatever the URL says, the console is told one of the codes, never the request's words.
    const echoed = await t
      .http()
      .get('/staff/api/mailbox/callback?state=x&error=access_denied&error_description=Call%20us')
      .set('Cookie', mine.browser)
      .expect(303);
    expect(echoed.headers.location).toBe(refused('not_begun_here'));
  });

  it('disconnects: the grant is forgotten and revoked at the provider; only admins see or change the mailbox', async () => {
    admin.cookie = await staffCookie(t, admin.account.email);
    if ((await mailbox()).state !== 'connected') {
      await connect();
    }
    const { refreshToken } = await grant();
    await t
      .http()
      .delete('/staff/api/mailbox')
      .set('Cookie', admin.cookie)
      .set('Content-Type', 'application/json')
      .expect(204);
    expect((await mailbox()).state).toBe('not_configured');
    expect(await provider.introspect(refreshToken!)).toMatchObject({ active: false });
    expect(await poll()).toBe(0);

    const agent = await signedInStaff(t, 'Mailbox Agent');
    await t.http().get('/staff/api/mailbox').set('Cookie', agent.cookie).expect(403);
    await t.http().post('/staff/api/mailbox/connect').set('Cookie', agent.cookie).send({}).expect(403);
    await t
      .http()
      .delete('/staff/api/mailbox')
      .set('Cookie', agent.cookie)
      .set('Content-Type', 'application/json')
      .expect(403);
    await t.http().get('/staff/api/mailbox').expect(401);
  });

  it('a password mailbox: Connect is refused, and a refused password shows in the state and the gauge until a poll works', async () => {
    const withPassword = (password: string) =>
      createTestApp({
        DATABASE_URL: database.url,
        STAFF_CHANNELS: 'webhooks',
        INBOUND_IMAP_URL: `imap://${dovecot.user}:${encodeURIComponent(password)}@127.0.0.1:${dovecot.port}/INBOX`,
        INBOUND_POLL_INTERVAL: '3600',
      });
    const wrong = await withPassword('not-the-password');
    apps.push(wrong);
    const staff = await signedInStaff(wrong, 'Password Admin', 'admin');
    await wrong
      .http()
      .post('/staff/api/mailbox/connect')
      .set('Cookie', staff.cookie)
      .send({})
      .expect(409)
      .expect(({ body }) => expect(body.message).toContain('MAIL_OAUTH_PROVIDER is not set'));
    expect(await wrong.app.get(MailboxPoller).pollOnce()).toBe(0);
    const state = (await wrong.http().get('/staff/api/mailbox').set('Cookie', staff.cookie).expect(200)).body;
    expect(state).toMatchObject({ state: 'needs_reconnect', auth: 'password', provider: null, address: dovecot.user });
    expect(state.last_error).toContain('refused the user and password');
    expect((await wrong.http().get('/metrics').expect(200)).text).toMatch(/^mailbox_connected\{auth="password"\} 0$/m);

    const right = await withPassword(dovecot.password);
    apps.push(right);
    await right.app.get(MailboxPoller).pollOnce();
    const cookie = await staffCookie(right, staff.account.email); // another Redis prefix: another session
    const fixed = (await right.http().get('/staff/api/mailbox').set('Cookie', cookie).expect(200)).body;
    expect(fixed).toMatchObject({ state: 'connected', last_error: null });
    expect(fixed.last_poll_at).not.toBeNull();
  });
});
