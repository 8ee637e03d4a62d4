import { WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleInit } from '@nestjs/common';
import { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { MetricsService } from '../metrics/metrics.service';
import { queueConcurrency, QueueName } from './job-catalogue';

/**
 * What every worker of a queue shares: its concurrency (from config, see queueConcurrency), one log
 * line a minute for connection errors (BullMQ prints each otherwise), and the job timer. A subclass
 * is `@Processor(QUEUE)`, names the queue, and handles a job: reload the row by id, delegate to a
 * service, and be idempotent (a job may run twice).
 */
export abstract class JobProcessor<Data> extends WorkerHost implements OnModuleInit {
  private readonly connectionLog = new OccasionalLog(new Logger(this.constructor.name));
  protected abstract readonly queue: QueueName;

  constructor(
    protected readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = queueConcurrency(this.queue, this.config);
    this.worker.on('error', (error: Error) => this.connectionLog.error(`Worker error: ${error.message}`));
  }

  async process(job: Job<Data>, token?: string): Promise<void> {
    const stopTimer = this.metrics.startJobTimer(this.queue);
    try {
      await this.handle(job, token);
      stopTimer(true);
    } catch (error) {
      stopTimer(false);
      throw error;
    }
  }

  protected abstract handle(job: Job<Data>, token?: string): Promise<void>;
}
