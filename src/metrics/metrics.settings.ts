import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { declareSettings, emptyToUndefined, Setting, toInt } from '../config/settings';

/** The settings of metrics/: each one's rules, default and description. */
export class MetricsSettings {
  @Setting({
    description: '`ROLE=worker` only: port of its health and metrics endpoints',
    readBy: 'worker',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  HEALTH_PORT = 3001;

  @Setting({
    description:
      'when set, `/metrics` (API port, worker health port) needs `Authorization: Bearer <token>`; in production `/metrics` is served there only with it',
    readBy: 'API, worker',
    secret: true,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  @Setting({
    description: 'a listener of its own for `/metrics`, without a token, on that address',
    readBy: 'API, worker',
    secret: false,
  })
  @Transform(({ value }) => toInt({ value: emptyToUndefined({ value }) }))
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  @Setting({
    description: 'a listener of its own for `/metrics`, without a token, on that address',
    readBy: 'API, worker',
    secret: false,
  })
  @IsString()
  @MinLength(1)
  METRICS_HOST = '127.0.0.1';
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends MetricsSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly observability: { healthPort: number; metricsToken?: string; metricsPort?: number; metricsHost: string };
  }
}

export const metricsSettings = declareSettings({
  room: 'metrics',
  variables: MetricsSettings,
  config: (env) => ({
    observability: {
      healthPort: env.HEALTH_PORT,
      metricsToken: env.METRICS_TOKEN,
      metricsPort: env.METRICS_PORT,
      metricsHost: env.METRICS_HOST,
    },
  }),
});
