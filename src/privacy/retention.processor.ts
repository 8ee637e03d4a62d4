import { Processor } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../audit/actor';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobProducer } from '../queue/job-producer';
import { JobProcessor } from '../queue/job-processor';
import { MAINTENANCE_QUEUE } from '../queue/queue.constants';
import { RetentionService } from './retention.service';

const DAY_MS = 86_400_000;
/** How often a worker that could not declare the schedule (Redis away at start) tries again. */
const DECLARE_RETRY_MS = 5_000;

/**
 * Runs retention once a day. The schedule is one BullMQ job scheduler (an upsert: every worker may
 * declare it, there is still one), so exactly one worker runs each day's job however many there are.
 */
@Processor(MAINTENANCE_QUEUE)
export class RetentionProcessor
  extends JobProcessor<Record<string, never>>
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  protected readonly queue = MAINTENANCE_QUEUE;
  private readonly logger = new Logger(RetentionProcessor.name);
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly retention: RetentionService,
    private readonly jobs: JobProducer,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  /** Declared before the worker is up; while Redis is away, again every few seconds until it takes. */
  async onApplicationBootstrap(): Promise<void> {
    const declare = (): Promise<void> =>
      this.jobs.schedule('retention', DAY_MS).catch((error: Error) => {
        this.logger.warn(`Retention schedule not declared yet (${error.message}); trying again`);
        this.retry = setTimeout(() => void declare(), DECLARE_RETRY_MS);
        this.retry.unref();
      });
    await declare();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.retry);
  }

  protected async handle(): Promise<void> {
    await this.retention.run(SYSTEM_ACTOR);
  }
}
