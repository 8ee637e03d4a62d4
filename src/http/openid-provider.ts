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
