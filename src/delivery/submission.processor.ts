import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleInit } from '@nestjs/common';
import { Job } from 'bullmq';
import { OccasionalLog } from '../logging/occasional-log';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { DeliverSubmissionJob, SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { DeliveryService } from './delivery.service';

/** Consumes the `submissions` queue; the work itself is DeliveryService's. */
@Processor(SUBMISSIONS_QUEUE)
export class SubmissionProcessor extends WorkerHost implements OnModuleInit {
  private readonly connectionLog = new OccasionalLog(new Logger(SubmissionProcessor.name));

  constructor(
    private readonly delivery: DeliveryService,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.queue.concurrency;
  }

  async process(job: Job<DeliverSubmissionJob>): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    const stopTimer = this.metrics.startJobTimer();
    try {
      await this.delivery.deliver(job.data.submissionId, { final: job.attemptsMade + 1 >= attempts });
      stopTimer(true);
    } catch (error) {
      stopTimer(false);
      throw error;
    }
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.connectionLog.error(`Worker error: ${error.message}`);
  }
}
