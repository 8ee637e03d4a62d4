import { WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleInit } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { MetricsService } from '../metrics/metrics.service';
import { queueConcurrency, QueueName } from './job-catalogue';
import { AnyJobHandler, jobHandlersOf } from './job-handlers';

/**
 * What every worker of a queue shares: its concurrency (from config, see queueConcurrency), one log
 * line a minute for connection errors (BullMQ prints each otherwise), the job timer, and the dispatch
 * of each job to the handler of its kind. A subclass is `@WorksQueue(QUEUE)` and has one `@OnJob(kind)`
 * method per kind the catalogue puts on that queue, checked when it is made (see jobHandlersOf), so a
 * worker missing one does not start. A handler reloads the row by id, delegates to a service, and is
 * idempotent (a job may run twice).
 */
export abstract class JobProcessor extends WorkerHost implements OnModuleInit {
  private readonly connectionLog = new OccasionalLog(new Logger(this.constructor.name));
  protected readonly queue: QueueName;
  private readonly handlers: ReadonlyMap<string, AnyJobHandler>;

  constructor(
    protected readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    super();
    ({ queue: this.queue, handlers: this.handlers } = jobHandlersOf(this));
  }

  onModuleInit(): void {
    this.worker.concurrency = queueConcurrency(this.queue, this.config);
    this.worker.on('error', (error: Error) => this.connectionLog.error(`Worker error: ${error.message}`));
  }

  async process(job: Job, token?: string): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) {
      // Not a kind of the catalogue (nothing here adds one): no attempt would do better.
      throw new UnrecoverableError(`No kind of job named ${job.name} on queue ${this.queue}`);
    }
    const stopTimer = this.metrics.startJobTimer(this.queue);
    try {
      await handler(job, token);
      stopTimer(true);
    } catch (error) {
      stopTimer(false);
      throw error;
    }
  }
}
