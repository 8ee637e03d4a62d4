import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsPositive, IsString, IsUrl } from 'class-validator';
import { declareSettings, emptyToUndefined, isLoopbackName, Setting, toBoolean, toInt } from '../config/settings';
import type { EnvironmentVariables } from '../config/environment';

/** The settings of staff-identity/: each one's rules, default and description. */
export class StaffIdentitySettings {
  @Setting({
    description: 'a staff session ends after this long unused',
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_SESSION_IDLE = 1800;

  @Setting({
    description: 'a staff session ends at most this long after sign-in',
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_SESSION_TTL = 12 * 3600;

  @Setting({
    description:
      "staff API requests per account per minute (apart from the client keys' budgets); over it: 429 + `Retry-After`",
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_RATE_LIMIT = 600;

  @Setting({
    description:
      'report requests (`GET /staff/api/reports`, JSON or CSV) per account per minute, counted besides `STAFF_RATE_LIMIT` (each report is computed from many rows); over it: 429 `Too many requests` + `Retry-After`',
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_REPORTS_RATE_LIMIT = 30;

  @Setting({
    description:
      '`admin` or `all`: those accounts must set up a second factor (an authenticator app) before anything else; their sessions reach only their own account until they do (see the staff guide, two-factor sign-in)',
    readBy: 'API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['none', 'admin', 'all'])
  STAFF_2FA_REQUIRED: 'none' | 'admin' | 'all' = 'none';

  @Setting({
    description:
      "single sign-on for staff: the OpenID provider's issuer (https, or http on loopback), with `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET` (all three or none); see [Single sign-on](#single-sign-on-for-staff)",
    readBy: 'API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  OIDC_ISSUER?: string;

  @Setting({
    description: "the console's client id at the OpenID provider (with `OIDC_ISSUER`)",
    readBy: 'API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_ID?: string;

  @Setting({
    description: "that client's secret (with `OIDC_ISSUER`)",
    readBy: 'API',
    secret: true,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  @Setting({
    description: '`agent`: a verified address with no account becomes a new agent at its first sign-on',
    readBy: 'API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['off', 'agent'])
  OIDC_CREATE_ACCOUNTS: 'off' | 'agent' = 'off';

  @Setting({
    description:
      "`true`: a sign-on whose ID token's `amr` says `mfa` counts as two factors (no code asked, `STAFF_2FA_REQUIRED` satisfied)",
    readBy: 'API',
    secret: false,
  })
  @Transform(toBoolean)
  @IsBoolean()
  OIDC_TRUST_MFA = false;

  @Setting({
    description:
      '`off`: single sign-on only (`POST /staff/api/login` answers 403; needs `OIDC_*`; the command line still works)',
    readBy: 'API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['on', 'off'])
  STAFF_PASSWORD_SIGN_IN: 'on' | 'off' = 'on';
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends StaffIdentitySettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /** Staff sign-in: session lifetimes (seconds) and the origin staff writes must come from. */
    readonly staffAuth: {
      sessionIdle: number;
      sessionTtl: number;
      publicOrigin?: string;
      rateLimit: number;
      /** STAFF_REPORTS_RATE_LIMIT: report requests per account per minute. */
      reportsRateLimit: number;
      /** STAFF_2FA_REQUIRED: whose accounts must have a second factor. */
      secondFactorRequired: 'none' | 'admin' | 'all';
      /** STAFF_PASSWORD_SIGN_IN: false leaves single sign-on only. */
      passwordSignIn: boolean;
      /** OIDC_*: single sign-on with OpenID Connect; undefined without it. */
      sso?: { issuer: string; clientId: string; clientSecret: string; createAccounts: boolean; trustMfa: boolean };
    };
  }
}

export const staffIdentitySettings = declareSettings({
  room: 'staff-identity',
  variables: StaffIdentitySettings,
  config: (env) => ({
    staffAuth: {
      sessionIdle: env.STAFF_SESSION_IDLE,
      sessionTtl: env.STAFF_SESSION_TTL,
      publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
      rateLimit: env.STAFF_RATE_LIMIT,
      reportsRateLimit: env.STAFF_REPORTS_RATE_LIMIT,
      secondFactorRequired: env.STAFF_2FA_REQUIRED ?? 'none',
      passwordSignIn: env.STAFF_PASSWORD_SIGN_IN !== 'off',
      sso:
        env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              createAccounts: env.OIDC_CREATE_ACCOUNTS === 'agent',
              trustMfa: env.OIDC_TRUST_MFA,
            }
          : undefined,
    },
  }),
  problems: (env) => ssoProblems(env),
});

/** OIDC_*: all three or none; an https issuer (http on loopback); password sign-in off only with SSO. */
function ssoProblems(env: EnvironmentVariables): string[] {
  const problems: string[] = [];
  const given = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (given > 0 && given < 3) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none');
  }
  const issuer = env.OIDC_ISSUER ? URL.parse(env.OIDC_ISSUER) : null;
  if (issuer?.protocol === 'http:' && !isLoopbackName(issuer.hostname)) {
    problems.push('OIDC_ISSUER: https (plain http only on a loopback address)');
  }
  if (env.STAFF_PASSWORD_SIGN_IN === 'off' && given < 3) {
    problems.push(
      'STAFF_PASSWORD_SIGN_IN: "off" needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    );
  }
  return problems;
}
