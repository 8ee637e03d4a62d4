import { Transform } from 'class-transformer';
import { IsInt, IsPositive } from 'class-validator';
import { declareSettings, Setting, toInt } from '../config/settings';

/** The settings of rate-limits/: each one's rules, default and description. */
export class RateLimitsSettings {
  @Setting({
    description: 'requests per window of keys created without `--rate-limit`',
    readBy: 'CLI (`keys create`)',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  DEFAULT_RATE_LIMIT = 60;

  @Setting({
    description: 'the window (seconds) of keys created without `--rate-window`',
    readBy: 'CLI (`keys create`)',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  DEFAULT_RATE_WINDOW = 60;

  @Setting({ description: 'failed authentications per IP per minute', readBy: 'API', secret: false })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  AUTH_FAILURE_LIMIT = 20;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends RateLimitsSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly rateLimit: { defaultLimit: number; defaultWindow: number; authFailureLimit: number };
  }
}

export const rateLimitsSettings = declareSettings({
  room: 'rate-limits',
  variables: RateLimitsSettings,
  config: (env) => ({
    rateLimit: {
      defaultLimit: env.DEFAULT_RATE_LIMIT,
      defaultWindow: env.DEFAULT_RATE_WINDOW,
      authFailureLimit: env.AUTH_FAILURE_LIMIT,
    },
  }),
});
