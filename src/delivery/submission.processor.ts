import { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobData } from '../queue/job-catalogue';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { DeliveryService } from './delivery.service';

/** Consumes the `submissions` queue; the work itself is DeliveryService's. */
@WorksQueue(SUBMISSIONS_QUEUE)
export class SubmissionProcessor extends JobProcessor {
  constructor(
    private readonly delivery: DeliveryService,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  @OnJob('deliverSubmission')
  async deliver(job: Job<JobData<'deliverSubmission'>>): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    await this.delivery.deliver(job.data.submissionId, { final: job.attemptsMade + 1 >= attempts });
  }
}
