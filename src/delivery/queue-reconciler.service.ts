import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { JobProducer } from '../queue/job-producer';
import { PeriodicTask } from '../queue/periodic-task';
import { ConversationMessagesRepository } from '../conversations/conversation-messages.repository';
import { queueNotices } from '../conversations/conversation-notices';
import { StaffNoticesRepository } from '../conversations/staff-notices.repository';
import { SatisfactionSurveysRepository } from '../ratings/satisfaction-surveys.repository';
import { WebhooksRepository } from '../webhooks/webhooks.repository';
import { SubmissionDeliveryRepository } from '../submissions/lifecycle/submission-delivery.repository';

/** Rows checked per table and pass; the next pass goes on after the last id checked. */
const BATCH = 500;

/**
 * Puts back jobs that Redis lost. The outbox relay covers a submission whose job was never added; but
 * Redis acknowledges a write before its replica has it, so a master that dies right after (a Redis
 * Cluster failover), or a restart of a Redis that keeps nothing on disk, can lose a job that was
 * added: its submission stays `queued` (or a webhook delivery `pending`) with nothing left to move it.
 * A webhook delivery committed with a staff change, a reply committed by staff, an acknowledgement
 * committed with a first delivery attempt, a staff notice committed with an assignment or a customer's
 * message, or a satisfaction survey committed with a closing, whose job was never added (the process died in between, or Redis was away)
 * is in the same place. Every RECONCILE_INTERVAL this asks BullMQ for the jobs of each such
 * row older than two intervals and adds the ones BullMQ does not know again, under the same ids, so a
 * job that still exists is never doubled. Any number of workers may run it side by side. It assumes
 * what the outbox relay does: one database, one REDIS_PREFIX (a row is taken to belong to this
 * prefix's queues).
 */
@Injectable()
export class QueueReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueReconciler.name);
  private readonly task = new PeriodicTask('Queue reconciliation', this.logger, () => this.reconcileOnce());
  private submissionsAfter = '';
  private webhooksAfter = '';
  private messagesAfter = '';
  private surveysAfter = '';
  private noticesAfter = '';

  constructor(
    private readonly jobs: JobProducer,
    private readonly submissions: SubmissionDeliveryRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly messages: ConversationMessagesRepository,
    private readonly surveys: SatisfactionSurveysRepository,
    private readonly notices: StaffNoticesRepository,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.queue.reconcileInterval);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }

  /** One pass over (a batch of) each table; returns how many jobs it added again. */
  async reconcileOnce(): Promise<{
    submissions: number;
    webhooks: number;
    messages: number;
    surveys: number;
    notices: number;
  }> {
    const cutoff = new Date(Date.now() - 2 * this.config.queue.reconcileInterval * 1000);

    const submissionIds = await this.submissions.findHandedToQueue(cutoff, this.submissionsAfter, BATCH);
    this.submissionsAfter = submissionIds.length === BATCH ? submissionIds[BATCH - 1] : '';
    const lostSubmissions = await this.jobs.findMissing(
      'deliverSubmission',
      submissionIds.map((submissionId) => ({ submissionId })),
    );
    await this.jobs.enqueue('deliverSubmission', lostSubmissions);

    const deliveries = await this.webhooks.pendingBefore(cutoff, this.webhooksAfter, BATCH);
    this.webhooksAfter = deliveries.length === BATCH ? deliveries[BATCH - 1].id : '';
    const lostDeliveries = await this.jobs.findMissing(
      'deliverWebhook',
      deliveries.map(({ id, submissionId, destinationId, eventKey }) => ({
        deliveryId: id,
        submissionId,
        destinationId,
        eventKey,
      })),
    );
    await this.jobs.enqueue('deliverWebhook', lostDeliveries);

    const queued = await this.messages.queuedBefore(cutoff, this.messagesAfter, BATCH);
    this.messagesAfter = queued.length === BATCH ? queued[BATCH - 1].id : '';
    const lostMessages = await this.jobs.findMissing(
      'sendMessage',
      queued.map(({ id }) => ({ messageId: id })),
    );
    await this.jobs.enqueue('sendMessage', lostMessages);

    const surveys = await this.surveys.mailQueuedBefore(cutoff, this.surveysAfter, BATCH);
    this.surveysAfter = surveys.length === BATCH ? surveys[BATCH - 1].id : '';
    const lostSurveys = await this.jobs.findMissing(
      'sendSurvey',
      surveys.map(({ id }) => ({ surveyId: id })),
    );
    await this.jobs.enqueue('sendSurvey', lostSurveys);

    const notices = await this.notices.queuedBefore(cutoff, this.noticesAfter, BATCH);
    this.noticesAfter = notices.length === BATCH ? notices[BATCH - 1].id : '';
    const lostNotices = await queueNotices(this.jobs, notices, true);

    const mail = lostMessages.length + lostSurveys.length + lostNotices;
    if (lostSubmissions.length + lostDeliveries.length + mail > 0) {
      this.logger.warn(
        `Re-queued ${lostSubmissions.length} submission job(s), ${lostDeliveries.length} webhook job(s) and ` +
          `${mail} mail job(s) that Redis no longer had (lost in a failover or a restart, or never added)`,
      );
    }
    return {
      submissions: lostSubmissions.length,
      webhooks: lostDeliveries.length,
      messages: lostMessages.length,
      surveys: lostSurveys.length,
      notices: lostNotices,
    };
  }
}
