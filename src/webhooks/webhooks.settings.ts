import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsPositive, IsString, Matches, Min } from 'class-validator';
import { commaList, declareSettings, Setting, toBoolean, toInt, toNumber } from '../config/settings';

/** The settings of webhooks/: each one's rules, default and description. */
export class WebhooksSettings {
  @Setting({
    description: 'after `rotate-secret`, how long the old secret still signs beside the new one',
    readBy: 'API, CLI',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  WEBHOOK_SECRET_OVERLAP = 86_400;

  @Setting({
    description: 'let webhooks reach loopback, private, link-local and other non-public addresses',
    readBy: 'API, CLI, worker',
    secret: false,
  })
  @Transform(toBoolean)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE = false;

  @Setting({
    description: 'comma list of hosts (as written in URLs) webhooks may reach whatever they resolve to',
    readBy: 'API, CLI, worker',
    secret: false,
  })
  @IsString()
  WEBHOOK_ALLOWED_HOSTS = '';

  @Setting({
    description: 'seconds before each retry of a webhook (±10 % jitter); after the last, the delivery is `failed`',
    readBy: 'worker',
    secret: false,
  })
  @Matches(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/)
  WEBHOOK_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,50400,72000,86400';

  @Setting({ description: 'one webhook request, connect to last byte', readBy: 'worker', secret: false })
  @Transform(toNumber)
  @IsNumber()
  @IsPositive()
  WEBHOOK_TIMEOUT = 15;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends WebhooksSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /** Webhook delivery: secret rotation overlap and timeout (seconds), and the SSRF exceptions. */
    readonly webhooks: {
      secretOverlap: number;
      allowPrivate: boolean;
      allowedHosts: string[];
      timeout: number;
      /** Seconds before each retry. */
      retrySchedule: number[];
    };
  }
}

export const webhooksSettings = declareSettings({
  room: 'webhooks',
  variables: WebhooksSettings,
  config: (env) => ({
    webhooks: {
      secretOverlap: env.WEBHOOK_SECRET_OVERLAP,
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      allowedHosts: commaList(env.WEBHOOK_ALLOWED_HOSTS.toLowerCase()),
      timeout: env.WEBHOOK_TIMEOUT,
      retrySchedule: env.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number),
    },
  }),
});
