import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import {
  DELIVER_SUBMISSION_JOB,
  DELIVER_WEBHOOK_JOB,
  DeliverSubmissionJob,
  SUBMISSIONS_QUEUE,
  WEBHOOKS_QUEUE,
} from '../queue/queue.constants';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { WebhooksRepository } from '../webhooks/webhooks.repository';
import { webhookJobId } from '../webhooks/webhooks.service';

/** Rows checked per table and pass; the next pass goes on after the last id checked. */
const BATCH = 500;

/**
 * Puts back jobs that Redis lost. The outbox relay covers a submission whose job was never added; but
 * Redis acknowledges a write before its replica has it, so a master that dies right after (a Redis
 * Cluster failover), or a restart of a Redis that keeps nothing on disk, can lose a job that was
 * added: its submission stays `queued` (or a webhook delivery `pending`) with nothing left to move it.
 * Every RECONCILE_INTERVAL this asks BullMQ for the job of each such row older than two intervals
 * and adds the ones BullMQ does not know again, under the same job id, so a job that still exists is
 * never doubled. Any number of workers may run it side by side. It assumes what the outbox relay does:
 * one database, one REDIS_PREFIX (a row is taken to belong to this prefix's queues).
 */
@Injectable()
export class QueueReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueReconciler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private submissionsAfter = '';
  private webhooksAfter = '';

  constructor(
    @InjectQueue(SUBMISSIONS_QUEUE) private readonly submissionsQueue: Queue<DeliverSubmissionJob>,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly webhooksQueue: Queue<{ deliveryId: string }>,
    private readonly submissions: SubmissionsRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.queue.reconcileInterval > 0) {
      this.timer = setInterval(() => {
        this.running ??= this.reconcileOnce()
          .then(() => undefined)
          .catch((error: Error) => this.logger.warn(`Queue reconciliation pass failed: ${error.message}`))
          .finally(() => (this.running = undefined));
      }, this.config.queue.reconcileInterval * 1000);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass over (a batch of) each table; returns how many jobs it added again. */
  async reconcileOnce(): Promise<{ submissions: number; webhooks: number }> {
    const cutoff = new Date(Date.now() - 2 * this.config.queue.reconcileInterval * 1000);

    const submissionIds = await this.submissions.findHandedToQueue(cutoff, this.submissionsAfter, BATCH);
    this.submissionsAfter = submissionIds.length === BATCH ? submissionIds[BATCH - 1] : '';
    const lostSubmissions = await this.missing(this.submissionsQueue, submissionIds);
    if (lostSubmissions.length > 0) {
      await this.submissionsQueue.addBulk(
        lostSubmissions.map((submissionId) => ({
          name: DELIVER_SUBMISSION_JOB,
          data: { submissionId },
          opts: { jobId: submissionId },
        })),
      );
    }

    const deliveries = await this.webhooks.pendingBefore(cutoff, this.webhooksAfter, BATCH);
    this.webhooksAfter = deliveries.length === BATCH ? deliveries[BATCH - 1].id : '';
    const jobIds = new Map(deliveries.map((delivery) => [webhookJobId(delivery), delivery.id]));
    const lostDeliveries = await this.missing(this.webhooksQueue, [...jobIds.keys()]);
    if (lostDeliveries.length > 0) {
      await this.webhooksQueue.addBulk(
        lostDeliveries.map((jobId) => ({
          name: DELIVER_WEBHOOK_JOB,
          data: { deliveryId: jobIds.get(jobId)! },
          opts: { jobId },
        })),
      );
    }

    if (lostSubmissions.length + lostDeliveries.length > 0) {
      this.logger.warn(
        `Re-queued ${lostSubmissions.length} submission job(s) and ${lostDeliveries.length} webhook job(s) ` +
          'that Redis no longer had (lost in a failover or a restart)',
      );
    }
    return { submissions: lostSubmissions.length, webhooks: lostDeliveries.length };
  }

  private async missing(queue: Queue, jobIds: string[]): Promise<string[]> {
    const states = await Promise.all(jobIds.map((jobId) => queue.getJobState(jobId)));
    return jobIds.filter((_, index) => states[index] === 'unknown');
  }
}
