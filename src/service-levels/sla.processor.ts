import type { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { SLA_QUEUE } from '../queue/queue.constants';
import { SlaTracker } from './sla-tracker.service';

/** The `sla` queue: a submission's check at one of its due times (see JOBS.checkSla). */
@WorksQueue(SLA_QUEUE)
export class SlaProcessor extends JobProcessor {
  constructor(
    private readonly tracker: SlaTracker,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  @OnJob('checkSla')
  async check(job: Job<{ submissionId: string }>): Promise<void> {
    await this.tracker.checkBreaches(job.data.submissionId);
  }
}
