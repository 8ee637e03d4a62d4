import { OnApplicationBootstrap } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../audit/actor';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobProducer } from '../queue/job-producer';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { MAINTENANCE_QUEUE } from '../queue/queue.constants';
import { RetentionService } from './retention.service';

const DAY_MS = 86_400_000;

/**
 * Runs retention once a day. The schedule is one BullMQ job scheduler (an upsert: every worker may
 * declare it, there is still one), so exactly one worker runs each day's job however many there are.
 */
@WorksQueue(MAINTENANCE_QUEUE)
export class RetentionProcessor extends JobProcessor implements OnApplicationBootstrap {
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
    await this.jobs.keepScheduled('retention', DAY_MS);
  }

  @OnJob('retention')
  async run(): Promise<void> {
    await this.retention.run(SYSTEM_ACTOR);
  }
}
