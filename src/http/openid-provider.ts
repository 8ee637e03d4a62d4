import type { Configuration } from 'openid-client';

/** openid-client, loaded when first used (an ES module, required from CommonJS). */
export const loadOpenIdClient = () => import('openid-client');

/**
 * An OpenID provider's client from its issuer's discovery document, as the mailbox's OAuth2 and the
 * staff's single sign-on both read it; plain http only for an issuer on loopback (configuration
 * validation refuses any other).
 */
export async function discoverOpenIdProvider(
  issuerUrl: string,
  clientId: string,
  clientSecret: string,
): Promise<Configuration> {
  const client = await loadOpenIdClient();
  const issuer = new URL(issuerUrl);
  return client.discovery(
    issuer,
    clientId,
    clientSecret,
    undefined,
    issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
  );
}

/** A provider's redirect back, as its query's string parameters (anything else, e.g. a repeated name, is left out). */
export function callbackQueryOf(query: unknown): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : undefined,
    ]),
  );
}

/** The URL the provider sent the browser back to: the redirect URI the flow began with, and its answer. */
export function answeredUrlOf(redirectUri: string, query: Record<string, string | undefined>): URL {
  const answered = new URL(redirectUri);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) {
      answered.searchParams.set(name, value);
    }
  }
  return answered;
}
