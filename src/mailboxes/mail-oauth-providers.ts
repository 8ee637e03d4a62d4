import type { Configuration, IDToken } from 'openid-client';
import { MailOAuthSettings } from '../config/app-config';
import { discoverOpenIdProvider, loadOpenIdClient } from '../http/openid-provider';

/** What the console's "Connect" asks of a provider: its endpoints, the scopes and its extra parameters. */
export interface MailOAuthPreset {
  /** The authorization server's metadata (OAuth 2.0 Authorization Server Metadata, RFC 8414 names). */
  server: { issuer: string; authorization_endpoint: string; token_endpoint: string; revocation_endpoint?: string };
  scopes: string[];
  /** Added to the authorization request: what makes the provider hand out a refresh token. */
  parameters: Record<string, string>;
}

/**
 * The presets of MAIL_OAUTH_PROVIDER=microsoft|google. Microsoft 365: the identity platform's v2
 * endpoints of the tenant, Exchange Online's IMAP and SMTP scopes and `offline_access` (the refresh
 * token). Google: Gmail's one scope for IMAP and SMTP, `access_type=offline` for a refresh token and
 * `prompt=consent` so that a second connection gets one too (Google gives it only on consent), and
 * `openid email` for the ID token that says which account granted it (see accountsOfGrant).
 */
export function presetOf(settings: MailOAuthSettings): MailOAuthPreset | null {
  switch (settings.provider) {
    case 'microsoft': {
      const tenant = encodeURIComponent(settings.tenant);
      return {
        server: {
          issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
          authorization_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
          token_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
        },
        scopes: settings.scopes ?? [
          'https://outlook.office.com/IMAP.AccessAsUser.All',
          'https://outlook.office.com/SMTP.Send',
          'offline_access',
        ],
        parameters: {},
      };
    }
    case 'google':
      return {
        server: {
          issuer: 'https://accounts.google.com',
          authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
          token_endpoint: 'https://oauth2.googleapis.com/token',
          revocation_endpoint: 'https://oauth2.googleapis.com/revoke',
        },
        scopes: withIdentity(settings.scopes ?? ['https://mail.google.com/']),
        parameters: { access_type: 'offline', prompt: 'consent' },
      };
    case 'oidc':
      return null;
  }
}

/**
 * The scopes and parameters of MAIL_OAUTH_PROVIDER=oidc, whose endpoints come from discovery:
 * `offline_access` asks for a refresh token, which OpenID servers grant on consent; `openid email` for
 * the ID token that says which account granted it.
 */
export function oidcRequestOf(settings: MailOAuthSettings): Pick<MailOAuthPreset, 'scopes' | 'parameters'> {
  return { scopes: withIdentity(settings.scopes ?? ['openid', 'offline_access']), parameters: { prompt: 'consent' } };
}

/**
 * Scopes with `openid email` added (MAIL_OAUTH_SCOPES too): without an ID token nothing says whose
 * mailbox the grant opens, and a connection is refused. Not for Microsoft, whose ID tokens name the
 * tenant's own issuer, which MAIL_OAUTH_TENANT=organizations cannot predict (the access token says).
 */
function withIdentity(scopes: string[]): string[] {
  return [...new Set(['openid', 'email', ...scopes])];
}

/** A JWT's claims, unverified: only for a token the token endpoint itself just answered over TLS. */
function claimsOfJwt(token: string | undefined): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The addresses the provider says the grant belongs to, lower-cased (none: it did not say), to compare
 * with the configured mailbox. Google: the ID token's verified `email`. `oidc`: the ID token's `email`
 * when the provider says it is verified. Microsoft: the access token's
 * `upn`, `unique_name`, `preferred_username` or `email` (Exchange Online's tokens are JWTs; the ID token
 * cannot be used, see withIdentity). Both come straight from the token endpoint over TLS, authenticated
 * by the client secret, so their signatures need no check (OpenID Connect Core 3.1.3.7).
 */
export function accountsOfGrant(
  settings: MailOAuthSettings,
  tokens: { access_token?: string; claims: () => IDToken | undefined },
): string[] {
  const names = (claims: Record<string, unknown>, keys: string[]) =>
    keys.map((key) => claims[key]).filter((value): value is string => typeof value === 'string' && value !== '');
  const idToken: Record<string, unknown> = tokens.claims() ?? {};
  let found: string[];
  switch (settings.provider) {
    case 'microsoft':
      found = names(claimsOfJwt(tokens.access_token), ['upn', 'unique_name', 'preferred_username', 'email']);
      break;
    case 'google':
      found = idToken.email_verified === true ? names(idToken, ['email']) : [];
      break;
    case 'oidc':
      // Only a verified `email`: `preferred_username` is neither unique nor checked (OpenID Connect
      // Core 5.1), so an account could be named after the mailbox by whoever holds it.
      found = idToken.email_verified === true ? names(idToken, ['email']) : [];
      break;
  }
  return [...new Set(found.map((name) => name.trim().toLowerCase()))];
}

/**
 * The client of MAIL_OAUTH_PROVIDER: a preset's endpoints as they are, or the `oidc` issuer's
 * discovery document (plain http only on loopback, as configuration validation allows).
 */
export async function oauthClientOf(settings: MailOAuthSettings): Promise<Configuration> {
  const preset = presetOf(settings);
  if (preset) {
    const client = await loadOpenIdClient();
    return new client.Configuration(preset.server, settings.clientId, settings.clientSecret);
  }
  return discoverOpenIdProvider(settings.issuer ?? '', settings.clientId, settings.clientSecret);
}

/** The scopes and extra parameters asked for, whatever the provider. */
export function requestOf(settings: MailOAuthSettings): Pick<MailOAuthPreset, 'scopes' | 'parameters'> {
  return presetOf(settings) ?? oidcRequestOf(settings);
}
