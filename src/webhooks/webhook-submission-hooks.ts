import { Injectable, OnModuleInit } from '@nestjs/common';
import { SubmissionHooks } from '../submissions/submission-hooks';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks' part in the staff workflow (registered with SubmissionHooks, so submissions/ does not
 * import webhooks/): a status change records its `submission.status_changed` deliveries in the
 * change's own transaction and queues their jobs once it has committed (a job that cannot be queued
 * then is added by the queue reconciler); the staff detail shows the submission's deliveries.
 */
@Injectable()
export class WebhookSubmissionHooks implements OnModuleInit {
  constructor(
    private readonly hooks: SubmissionHooks,
    private readonly webhooks: WebhooksService,
  ) {}

  onModuleInit(): void {
    this.hooks.onStatusChange(async (change, tx) => {
      const { pending } = await this.webhooks.record(
        change.submissionId,
        change.apiKeyId,
        'submission.status_changed',
        change.auditEventId,
        { before: change.before, after: change.after, actor_id: change.actorId },
        tx,
      );
      return pending.length > 0 ? () => this.webhooks.queue(pending) : undefined;
    });
    this.hooks.onAssignment(async (change, tx) => {
      const { pending } = await this.webhooks.record(
        change.submissionId,
        change.apiKeyId,
        'submission.assigned',
        change.auditEventId,
        { before: change.before, after: change.after, actor_id: change.actorId },
        tx,
      );
      return pending.length > 0 ? () => this.webhooks.queue(pending) : undefined;
    });
    this.hooks.addDetailSection('webhooks', (submissionId) => this.webhooks.deliveryViewsOf(submissionId));
  }
}
