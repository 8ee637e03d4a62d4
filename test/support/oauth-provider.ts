import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, StartedProcess, track } from './processes';
import { waitUntil } from './wait';

export interface OAuthProvider {
  /** MAIL_OAUTH_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account every login signs in as: the mailbox. */
  account: string;
  /** The provider's introspection endpoint with the mail servers' client in it (Dovecot's introspection_url). */
  introspectionUrlForMailServers: string;
  /** RFC 7662 introspection as the mail servers do it: whether the token is active, and whose. */
  introspect: (token: string) => Promise<{ active: boolean; sub?: string }>;
  /** RFC 7009 revocation as the service's client: the whole grant goes (oidc-provider revokes it for either kind). */
  revoke: (token: string, hint: 'refresh_token' | 'access_token') => Promise<void>;
  /**
   * Who the next login signs in as (default: `account`), with which `amr`, whether the e-mail is
   * verified, Entra's `xms_edov` claim (sent only when given), and a forged ID token for the next
   * exchange: another `email`, under the provider's now unfitting signature or one by a key it never
   * published.
   */
  nextLogin: (login: {
    account?: string;
    amr?: string[];
    emailVerified?: boolean;
    xmsEdov?: boolean;
    forgeIdToken?: { email: string; signedBy: 'provider' | 'another key' };
  }) => Promise<void>;
  /** Ends this access token before its time and nothing else: the grant and its refresh token stay. */
  endAccessToken: (token: string) => Promise<void>;
  /**
   * Plays the admin's browser from the authorization URL: follows the provider's redirects (with its
   * cookies) through login and consent, which approve at once, and answers the URL the provider sends
   * the browser back to (the service's callback, with code and state).
   */
  authorize: (authorizationUrl: string) => Promise<URL>;
  stop: () => Promise<void>;
}

/**
 * A real OAuth 2.0 / OpenID provider (the `oidc-provider` package) in a process of its own on a free
 * loopback port (test/support/oauth-provider-server.mjs), with the service's client registered for
 * `redirectUri` (a comma list for several) and refresh tokens rotated on every use.
 */
export async function startOAuthProvider(redirectUri: string, account: string): Promise<OAuthProvider> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    CLIENT_ID: 'contact-intake',
    CLIENT_SECRET: 'contact-intake-client-secret-0123456789',
    REDIRECT_URI: redirectUri,
    ACCOUNT: account,
    MAIL_SERVER_ID: 'mail-server',
    MAIL_SERVER_SECRET: 'mail-server-secret-0123456789',
  };
  const server: StartedProcess = track(
    spawn(process.execPath, [join(__dirname, 'oauth-provider-server.mjs')], {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await waitUntil(() => {
    if (server.child.exitCode !== null) {
      throw new Error(`the OAuth provider exited: ${server.output()}`);
    }
    return server.output().includes('listening');
  }, `OAuth provider on ${port}`);
  const issuer = `http://127.0.0.1:${port}`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  return {
    issuer,
    clientId: env.CLIENT_ID,
    clientSecret: env.CLIENT_SECRET,
    account,
    introspectionUrlForMailServers: `http://${env.MAIL_SERVER_ID}:${env.MAIL_SERVER_SECRET}@127.0.0.1:${port}/token/introspection`,
    introspect: async (token) => {
      const response = await fetch(`${issuer}/token/introspection`, {
        method: 'POST',
        headers: {
          ...formHeaders,
          authorization: `Basic ${Buffer.from(`${env.MAIL_SERVER_ID}:${env.MAIL_SERVER_SECRET}`).toString('base64')}`,
        },
        body: form({ token }),
      });
      return (await response.json()) as { active: boolean; sub?: string };
    },
    revoke: async (token, hint) => {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: 'POST',
        headers: formHeaders,
        body: form({ token, token_type_hint: hint, client_id: env.CLIENT_ID, client_secret: env.CLIENT_SECRET }),
      });
      if (!response.ok) {
        throw new Error(`revocation answered ${response.status}: ${await response.text()}`);
      }
    },
    nextLogin: async (login) => {
      await fetch(`${issuer}/test/next-login`, { method: 'POST', body: JSON.stringify(login) });
    },
    endAccessToken: async (token) => {
      const response = await fetch(`${issuer}/test/end-access-token`, { method: 'POST', body: token });
      if (response.status !== 204) {
        throw new Error(`ending an access token answered ${response.status}`);
      }
    },
    authorize: async (authorizationUrl) => {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop += 1) {
        if (redirectUri.split(',').some((uri) => url.href.startsWith(uri))) {
          return url;
        }
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) {
          throw new Error(`the provider stopped at ${url.pathname} (${response.status}): ${await response.text()}`);
        }
        url = new URL(location, url);
      }
      throw new Error('the provider redirected over 20 times');
    },
    stop: async () => {
      await server.stop();
    },
  };
}
