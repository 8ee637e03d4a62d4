import { DelayedError, Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobData } from '../queue/job-catalogue';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { WEBHOOKS_QUEUE } from '../queue/queue.constants';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * Consumes the `webhooks` queue. A failed attempt moves its job back to delayed for the schedule's next
 * step (BullMQ's own backoff cannot honour Retry-After), so the same job carries the delivery to the end.
 */
@WorksQueue(WEBHOOKS_QUEUE)
export class WebhookProcessor extends JobProcessor {
  constructor(
    private readonly deliveries: WebhookDeliveryService,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  @OnJob('deliverWebhook')
  async attempt(job: Job<JobData<'deliverWebhook'>>, token?: string): Promise<void> {
    const outcome = await this.deliveries.attempt(job.data.deliveryId, job.data.replay === true);
    if (outcome) {
      await job.moveToDelayed(Date.now() + outcome.retryInMs, token);
      throw new DelayedError();
    }
  }
}
