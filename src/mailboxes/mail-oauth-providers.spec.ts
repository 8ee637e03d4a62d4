import * as client from 'openid-client';
import { MailOAuthSettings } from '../config/app-config';
import { accountsOfGrant, oauthClientOf, requestOf } from './mail-oauth-providers';

/**
 * The Microsoft and Google presets, checked by the requests they build: their servers cannot be
 * reached from the tests (the oidc provider runs the whole flow against a real server instead).
 */
describe('the mail OAuth2 presets', () => {
  const settings = (
    provider: MailOAuthSettings['provider'],
    more: Partial<MailOAuthSettings> = {},
  ): MailOAuthSettings => ({
    provider,
    clientId: 'app-id',
    clientSecret: 'app-secret',
    tenant: 'organizations',
    address: 'support@example.com',
    ...more,
  });

  /** The authorization URL the console's Connect sends the admin to, and its parameters. */
  async function authorizationOf(given: MailOAuthSettings): Promise<URL> {
    const { scopes, parameters } = requestOf(given);
    return client.buildAuthorizationUrl(await oauthClientOf(given), {
      redirect_uri: 'https://intake.example.com/staff/api/mailbox/callback',
      scope: scopes.join(' '),
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
      state: 'state-1',
      login_hint: given.address,
      ...parameters,
    });
  }

  it("asks Microsoft's v2 endpoint of the tenant for Exchange Online's IMAP and SMTP scopes and a refresh token", async () => {
    const url = await authorizationOf(settings('microsoft', { tenant: 'contoso.onmicrosoft.com' }));
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-id',
      response_type: 'code',
      redirect_uri: 'https://intake.example.com/staff/api/mailbox/callback',
      scope: 'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
      state: 'state-1',
      login_hint: 'support@example.com',
    });
    const configuration = await oauthClientOf(settings('microsoft', { tenant: 'contoso.onmicrosoft.com' }));
    expect(configuration.serverMetadata().token_endpoint).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    );
  });

  it("asks Google for Gmail's scope offline, with consent each time (Google gives a refresh token only then)", async () => {
    const url = await authorizationOf(settings('google'));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('scope')).toBe('openid email https://mail.google.com/');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const metadata = (await oauthClientOf(settings('google'))).serverMetadata();
    expect([metadata.token_endpoint, metadata.revocation_endpoint]).toEqual([
      'https://oauth2.googleapis.com/token',
      'https://oauth2.googleapis.com/revoke',
    ]);
  });

  it('takes MAIL_OAUTH_SCOPES instead of a preset, and asks an OpenID server for offline access on consent', () => {
    expect(requestOf(settings('microsoft', { scopes: ['a', 'b'] })).scopes).toEqual(['a', 'b']);
    expect(requestOf(settings('oidc'))).toEqual({
      scopes: ['openid', 'email', 'offline_access'],
      parameters: { prompt: 'consent' },
    });
    // Whose mailbox a grant opens is always asked of Google and OpenID servers, whatever the scopes.
    expect(requestOf(settings('oidc', { scopes: ['imap', 'email'] })).scopes).toEqual(['openid', 'email', 'imap']);
    expect(requestOf(settings('google', { scopes: ['https://mail.google.com/'] })).scopes).toEqual([
      'openid',
      'email',
      'https://mail.google.com/',
    ]);
  });

  describe('which account a grant is for', () => {
    /** A token response: its access token (a JWT of these claims, unsigned) and its ID token's claims. */
    const tokens = (idToken?: Record<string, unknown>, accessClaims?: Record<string, unknown>) => ({
      access_token: accessClaims
        ? ['{"alg":"none"}', JSON.stringify(accessClaims), '']
            .map((part) => Buffer.from(part).toString('base64url'))
            .join('.')
        : 'opaque-token',
      claims: () => idToken as never,
    });

    it("reads Google's verified e-mail from the ID token, and nothing unverified", () => {
      const google = settings('google');
      expect(accountsOfGrant(google, tokens({ email: 'Support@Example.com', email_verified: true }))).toEqual([
        'support@example.com',
      ]);
      expect(accountsOfGrant(google, tokens({ email: 'support@example.com', email_verified: false }))).toEqual([]);
      expect(accountsOfGrant(google, tokens())).toEqual([]);
    });

    it("reads Microsoft's account from the access token (its ID token names a tenant the setting cannot predict)", () => {
      const microsoft = settings('microsoft');
      expect(
        accountsOfGrant(
          microsoft,
          tokens(undefined, { upn: 'support@example.com', unique_name: 'support@example.com' }),
        ),
      ).toEqual(['support@example.com']);
      expect(accountsOfGrant(microsoft, tokens(undefined, { preferred_username: 'Other@Example.com' }))).toEqual([
        'other@example.com',
      ]);
      expect(accountsOfGrant(microsoft, tokens({ email: 'support@example.com' }))).toEqual([]);
    });

    it("reads only an OpenID server's verified e-mail from the ID token, never preferred_username", () => {
      const oidc = settings('oidc');
      expect(
        accountsOfGrant(oidc, tokens({ email: 'Support@example.com', email_verified: true, preferred_username: 'x' })),
      ).toEqual(['support@example.com']);
      // Unverified, or not said to be verified: anyone could have named their account so.
      expect(accountsOfGrant(oidc, tokens({ email: 'support@example.com', email_verified: false }))).toEqual([]);
      expect(accountsOfGrant(oidc, tokens({ email: 'support@example.com' }))).toEqual([]);
      expect(accountsOfGrant(oidc, tokens({ preferred_username: 'support@example.com' }))).toEqual([]);
      expect(accountsOfGrant(oidc, tokens({ email: 42 }))).toEqual([]);
    });
  });
});
