import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { commaList, declareSettings, emptyToUndefined, Setting, toBoolean, toInt } from '../config/settings';
import type { EnvironmentVariables } from '../config/environment';

/** The settings of http/: each one's rules, default and description. */
export class HttpSettings {
  @Setting({ description: 'port of the HTTP listener', readBy: 'API', secret: false })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Setting({
    description: "address of the HTTP listener (a worker's health port listens on it too)",
    readBy: 'API, worker',
    secret: false,
  })
  @IsString()
  HOST = '0.0.0.0';

  @Setting({ description: 'prefix of every route, e.g. `/api`', readBy: 'API', secret: false })
  @IsString()
  BASE_PATH = '';

  @Setting({ description: 'bytes; larger bodies get 413', readBy: 'API', secret: false })
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  BODY_LIMIT = 65536;

  @Setting({
    description: '`true`, a hop count, or comma-separated proxy addresses/CIDRs; enables `X-Forwarded-For`',
    readBy: 'API',
    secret: false,
  })
  @IsString()
  TRUST_PROXY = 'false';

  @Setting({
    description: 'comma-separated browser origins allowed to call the API',
    readBy: 'API',
    secret: false,
    shownDefault: 'empty (CORS off)',
  })
  @IsString()
  CORS_ORIGINS = '';

  @Setting({
    description:
      "`off` stops serving `/docs` and `/docs/openapi.json` (they describe every route, field and error, and hold no data; turn them off where the API's shape should not be public)",
    readBy: 'API',
    secret: false,
  })
  @Transform(toBoolean)
  @IsBoolean()
  API_DOCS = true;

  @Setting({
    description:
      "the service's public origin, e.g. `https://intake.example.com`: staff writes that send `Origin` must come from it (empty: the origin of the Host the request reached); e-mailed links to the console (password reset links, notices) start with it (empty: `http://localhost:<PORT>`), and so do a satisfaction survey's links (empty: no survey is sent); the redirect URIs of the mailbox's OAuth2 and of single sign-on, and the passkeys' relying party (its host name), come from it. **Required in production** (`NODE_ENV=production`) for single sign-on (`OIDC_*`) and an OAuth2 mailbox (`MAIL_OAUTH_*`): start-up refuses without it; passkeys then answer 409 `Passkeys need PUBLIC_URL in production...` (the console shows it). The `Host` header is the client's to choose, and redirect URIs and the relying party must not be: an attacker's `Host` would otherwise name where the provider sends a code, and which site a passkey is made for. In development, empty: the request's own origin",
    readBy: 'API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  PUBLIC_URL?: string;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends HttpSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly http: {
      port: number;
      host: string;
      basePath: string;
      bodyLimit: number;
      /** What Fastify's trustProxy takes: all, none, addresses/CIDRs, or a hop count as a function. */
      trustProxy: boolean | string | ((address: string, hop: number) => boolean);
      corsOrigins: string[];
      /** Whether /docs and /docs/openapi.json are served (API_DOCS). */
      docs: boolean;
    };
  }
}

export const httpSettings = declareSettings({
  room: 'http',
  variables: HttpSettings,
  config: (env) => ({
    http: {
      port: env.PORT,
      host: env.HOST,
      basePath: normalizeBasePath(env.BASE_PATH),
      bodyLimit: env.BODY_LIMIT,
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      corsOrigins: commaList(env.CORS_ORIGINS),
      docs: env.API_DOCS,
    },
  }),
  problems: (env) => publicUrlProblems(env),
});

/**
 * PUBLIC_URL in production, for single sign-on and an OAuth2 mailbox: without it their redirect URIs
 * come from the request's Host header, which is the client's to choose (development keeps that).
 */
function publicUrlProblems(env: EnvironmentVariables): string[] {
  const redirects = [env.OIDC_ISSUER ? 'single sign-on (OIDC_*)' : '', env.MAIL_OAUTH_PROVIDER ? 'MAIL_OAUTH_*' : ''];
  const uses = redirects.filter(Boolean).join(' and ');
  return env.NODE_ENV === 'production' && !env.PUBLIC_URL && uses
    ? [`PUBLIC_URL: required when NODE_ENV=production with ${uses} (redirect URIs must not come from the Host header)`]
    : [];
}

function normalizeBasePath(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '') {
    return '';
  }
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function parseTrustProxy(raw: string): boolean | string | ((address: string, hop: number) => boolean) {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') {
    return false;
  }
  if (value === 'true') {
    return true;
  }
  if (/^\d+$/.test(value)) {
    // A hop count: the nearest `hops` addresses are proxies. Fastify 5.12 no longer takes a number
    // (it now fails closed), so the count is the trust function proxy-addr applied for it before.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
