import { OnApplicationBootstrap } from '@nestjs/common';
import { AttachmentStore } from '../attachments/attachment-store';
import { SYSTEM_ACTOR } from '../audit/actor';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobProducer } from '../queue/job-producer';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { MAINTENANCE_QUEUE } from '../queue/queue.constants';
import { RetentionService } from './retention.service';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The maintenance queue's work: retention once a day, and every hour the staff uploads no reply used
 * within 24 hours are deleted (files are personal data too). Each schedule is one BullMQ job scheduler
 * (an upsert: every worker may declare it, there is still one), so exactly one worker runs each run.
 */
@WorksQueue(MAINTENANCE_QUEUE)
export class RetentionProcessor extends JobProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly retention: RetentionService,
    private readonly jobs: JobProducer,
    private readonly files: AttachmentStore,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  /** Declared before the worker is up; while Redis is away, again every few seconds until it takes. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.keepScheduled('retention', DAY_MS);
    await this.jobs.keepScheduled('forgetUploads', HOUR_MS);
  }

  @OnJob('retention')
  async run(): Promise<void> {
    await this.retention.run(SYSTEM_ACTOR);
  }

  @OnJob('forgetUploads')
  async forgetUploads(): Promise<void> {
    await this.files.forgetUnusedUploads();
  }
}
