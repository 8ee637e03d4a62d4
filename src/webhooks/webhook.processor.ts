import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleInit } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { DeliverWebhookJob, WEBHOOKS_QUEUE } from '../queue/queue.constants';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** Concurrent webhook attempts per worker: a destination that hangs holds one slot, not the queue. */
const MIN_CONCURRENCY = 16;

/**
 * Consumes the `webhooks` queue. A failed attempt moves its job back to delayed for the schedule's next
 * step (BullMQ's own backoff cannot honour Retry-After), so the same job carries the delivery to the end.
 */
@Processor(WEBHOOKS_QUEUE)
export class WebhookProcessor extends WorkerHost implements OnModuleInit {
  private readonly connectionLog = new OccasionalLog(new Logger(WebhookProcessor.name));

  constructor(
    private readonly deliveries: WebhookDeliveryService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = Math.max(MIN_CONCURRENCY, this.config.queue.concurrency);
  }

  async process(job: Job<DeliverWebhookJob>, token?: string): Promise<void> {
    const outcome = await this.deliveries.attempt(job.data.deliveryId, job.data.replay === true);
    if (outcome) {
      await job.moveToDelayed(Date.now() + outcome.retryInMs, token);
      throw new DelayedError();
    }
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.connectionLog.error(`Worker error: ${error.message}`);
  }
}
