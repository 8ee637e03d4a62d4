import { Processor } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobProcessor } from '../queue/job-processor';
import { DeliverSubmissionJob, SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { DeliveryService } from './delivery.service';

/** Consumes the `submissions` queue; the work itself is DeliveryService's. */
@Processor(SUBMISSIONS_QUEUE)
export class SubmissionProcessor extends JobProcessor<DeliverSubmissionJob> {
  protected readonly queue = SUBMISSIONS_QUEUE;

  constructor(
    private readonly delivery: DeliveryService,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  protected async handle(job: Job<DeliverSubmissionJob>): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    await this.delivery.deliver(job.data.submissionId, { final: job.attemptsMade + 1 >= attempts });
  }
}
