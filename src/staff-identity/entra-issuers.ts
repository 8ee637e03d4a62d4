/** A directory (tenant) id: Entra's issuers name the tenant by its GUID, never by a domain. */
const TENANT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Microsoft Entra ID's issuers: v2.0 endpoints of the global cloud, the US government cloud and the
 * cloud operated in China, and the v1.0 form (sts.windows.net). Only these may vouch for an address
 * with `xms_edov`, a claim of Entra's own.
 */
const ENTRA_ISSUER = new RegExp(
  `^https://(?:(?:login\\.microsoftonline\\.com|login\\.microsoftonline\\.us|login\\.partner\\.microsoftonline\\.cn)/${TENANT}/v2\\.0|sts\\.windows\\.net/${TENANT}/?)$`,
);

/** Whether an OpenID issuer (as its discovery document and ID tokens name it) is Microsoft Entra ID. */
export function isEntraIssuer(issuer: string): boolean {
  return ENTRA_ISSUER.test(issuer);
}
