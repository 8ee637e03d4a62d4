import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsPositive, Min } from 'class-validator';
import { declareSettings, Setting, toBoolean, toInt, toNumber } from '../config/settings';

/** The settings of queue/: each one's rules, default and description. */
export class QueueSettings {
  @Setting({ description: 'submissions still unqueued after this are re-enqueued', readBy: 'API', secret: false })
  @Transform(toNumber)
  @IsNumber()
  @IsPositive()
  OUTBOX_RELAY_INTERVAL = 5;

  @Setting({ description: 'run the relay in API processes', readBy: 'API', secret: false })
  @Transform(toBoolean)
  @IsBoolean()
  OUTBOX_RELAY_ENABLED = true;

  @Setting({
    description:
      'seconds between checks that every `queued`/`processing` submission and `pending` webhook delivery older than twice this still has its job in Redis; missing ones are added again (a failover or a Redis restart without persistence lost them); 0: off',
    readBy: 'worker',
    secret: false,
  })
  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  RECONCILE_INTERVAL = 30;

  @Setting({ description: 'jobs a worker process runs at once', readBy: 'worker', secret: false })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  WORKER_CONCURRENCY = 5;

  @Setting({
    description: 'delivery attempts before a submission is `failed`',
    readBy: 'API and CLI (fixed on each job when it is added, so set it where jobs are added, not on workers)',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  JOB_ATTEMPTS = 8;

  @Setting({
    description: 'first retry delay; doubles every attempt',
    readBy: 'API and CLI (fixed on each job when it is added)',
    secret: false,
  })
  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  JOB_BACKOFF_DELAY = 5;

  @Setting({ description: 'on SIGTERM, how long in-flight work may take', readBy: 'every process', secret: false })
  @Transform(toNumber)
  @IsNumber()
  @IsPositive()
  SHUTDOWN_TIMEOUT = 10;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends QueueSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly queue: {
      relayInterval: number;
      relayEnabled: boolean;
      /** Seconds between QueueReconciler passes; 0: off. */
      reconcileInterval: number;
      concurrency: number;
      attempts: number;
      backoffDelay: number;
      shutdownTimeout: number;
    };
  }
}

export const queueSettings = declareSettings({
  room: 'queue',
  variables: QueueSettings,
  config: (env) => ({
    queue: {
      relayInterval: env.OUTBOX_RELAY_INTERVAL,
      relayEnabled: env.OUTBOX_RELAY_ENABLED,
      reconcileInterval: env.RECONCILE_INTERVAL,
      concurrency: env.WORKER_CONCURRENCY,
      attempts: env.JOB_ATTEMPTS,
      backoffDelay: env.JOB_BACKOFF_DELAY,
      shutdownTimeout: env.SHUTDOWN_TIMEOUT,
    },
  }),
});
