import { Processor } from '@nestjs/bullmq';
import { DelayedError, Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { WebhookJobData } from '../queue/job-catalogue';
import { JobProcessor } from '../queue/job-processor';
import { WEBHOOKS_QUEUE } from '../queue/queue.constants';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * Consumes the `webhooks` queue. A failed attempt moves its job back to delayed for the schedule's next
 * step (BullMQ's own backoff cannot honour Retry-After), so the same job carries the delivery to the end.
 */
@Processor(WEBHOOKS_QUEUE)
export class WebhookProcessor extends JobProcessor<WebhookJobData> {
  protected readonly queue = WEBHOOKS_QUEUE;

  constructor(
    private readonly deliveries: WebhookDeliveryService,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  protected async handle(job: Job<WebhookJobData>, token?: string): Promise<void> {
    const outcome = await this.deliveries.attempt(job.data.deliveryId, job.data.replay === true);
    if (outcome) {
      await job.moveToDelayed(Date.now() + outcome.retryInMs, token);
      throw new DelayedError();
    }
  }
}
