import type { Configuration } from 'openid-client';
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
 * `prompt=consent` so that a second connection gets one too (Google gives it only on consent).
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
        scopes: settings.scopes ?? ['https://mail.google.com/'],
        parameters: { access_type: 'offline', prompt: 'consent' },
      };
    case 'oidc':
      return null;
  }
}

/**
 * The scopes and parameters of MAIL_OAUTH_PROVIDER=oidc, whose endpoints come from discovery:
 * `offline_access` asks for a refresh token, which OpenID servers grant on consent.
 */
export function oidcRequestOf(settings: MailOAuthSettings): Pick<MailOAuthPreset, 'scopes' | 'parameters'> {
  return { scopes: settings.scopes ?? ['openid', 'offline_access'], parameters: { prompt: 'consent' } };
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
