import { Transform } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsPositive, IsString, Max, Min, MinLength } from 'class-validator';
import { commaList, declareSettings, emptyToUndefined, Setting, toInt, toNumber } from '../config/settings';
import { randomBytes } from 'node:crypto';

/** The settings of auth/: each one's rules, default and description. */
export class AuthSettings {
  @Setting({
    description: 'at least 32 bytes; required in production',
    readBy: 'API',
    secret: true,
    shownDefault: 'generated in development',
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  JWT_SECRET?: string;

  @Setting({
    description: 'comma-separated old secrets still accepted (rotation, see below)',
    readBy: 'API',
    secret: true,
  })
  @IsString()
  JWT_PREVIOUS_SECRETS = '';

  @Setting({ description: '`iss` of access tokens', readBy: 'API', secret: false })
  @IsString()
  @MinLength(1)
  JWT_ISSUER = 'contact-intake';

  @Setting({ description: '`aud` of access tokens', readBy: 'API', secret: false })
  @IsString()
  @MinLength(1)
  JWT_AUDIENCE = 'contact-intake';

  @Setting({
    description: 'lifetime of a token family',
    readBy: 'API',
    secret: false,
    shownDefault: '`2592000` (30 d)',
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  REFRESH_TOKEN_TTL = 30 * 24 * 3600;

  @Setting({
    description: 'an unused refresh token expires after this',
    readBy: 'API',
    secret: false,
    shownDefault: '`604800` (7 d)',
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  REFRESH_TOKEN_IDLE_TTL = 7 * 24 * 3600;

  @Setting({ description: 'a repeated refresh within this is a retry, not theft', readBy: 'API', secret: false })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  REFRESH_REUSE_GRACE = 10;

  @Setting({ description: 'per-process cache of key rows (0-5)', readBy: 'API', secret: false })
  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  @Max(5)
  API_KEY_CACHE_TTL = 2;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends AuthSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly auth: {
      jwtSecret: string;
      jwtSecretGenerated: boolean;
      jwtPreviousSecrets: string[];
      issuer: string;
      audience: string;
      accessTokenTtl: number;
      refreshTokenTtl: number;
      refreshTokenIdleTtl: number;
      refreshReuseGrace: number;
      apiKeyCacheTtl: number;
    };
  }
}

export const authSettings = declareSettings({
  room: 'auth',
  variables: AuthSettings,
  config: (env) => ({
    auth: {
      jwtSecret: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
      jwtSecretGenerated: !env.JWT_SECRET,
      jwtPreviousSecrets: commaList(env.JWT_PREVIOUS_SECRETS),
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      // Fixed by the specification (section 8): expires_in is always 900.
      accessTokenTtl: 900,
      refreshTokenTtl: env.REFRESH_TOKEN_TTL,
      refreshTokenIdleTtl: env.REFRESH_TOKEN_IDLE_TTL,
      refreshReuseGrace: env.REFRESH_REUSE_GRACE,
      apiKeyCacheTtl: env.API_KEY_CACHE_TTL,
    },
  }),
  problems: (env) => {
    const bytes = env.JWT_SECRET ? Buffer.byteLength(env.JWT_SECRET) : 0;
    if (env.NODE_ENV === 'production' && bytes < 32) {
      return ['JWT_SECRET: must be set to at least 32 bytes when NODE_ENV=production'];
    }
    return env.JWT_SECRET && bytes < 32 ? ['JWT_SECRET: must be at least 32 bytes'] : [];
  },
});
