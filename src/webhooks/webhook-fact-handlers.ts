import { Injectable, OnModuleInit } from '@nestjs/common';
import { Transaction } from '../database/transactions';
import { FLAGGED_EVENT_KEY } from '../queue/job-catalogue';
import { SubmissionDetailSections } from '../submissions/staff-api/submission-detail-sections';
import {
  AfterCommitWork,
  OnSubmissionFact,
  SubmissionFact,
  webhookEventOf,
} from '../submissions/facts/submission-facts';
import { SubmissionWebhookEvent, WebhooksService } from './webhooks.service';

/**
 * The event key (what makes a delivery unique per destination) and the data of each fact's webhook,
 * byte for byte what receivers have always had: a change's webhook is keyed by its audit event, a
 * customer message's by the message.
 */
function webhookOf(fact: SubmissionFact): { key: string; data: Record<string, unknown> | null } | null {
  switch (fact.name) {
    case 'status_changed':
    case 'assigned':
      return { key: fact.id, data: { before: fact.data.before, after: fact.data.after, ...actorOf(fact) } };
    case 'message_received':
      // Automatic mail (auto-replies, bulk, bounces) triggers nothing, so two helpdesks cannot loop.
      return fact.data.automatic
        ? null
        : { key: fact.data.messageId, data: { message_id: fact.data.messageId, from_other: fact.data.fromOther } };
    case 'flagged':
      return { key: FLAGGED_EVENT_KEY, data: null };
    case 'message_bounced':
      return {
        key: `bounce-${fact.data.messageId}`,
        data: { message_id: fact.data.messageId, status: fact.data.status },
      };
    case 'sla_breached':
      // Once per target of a policy: a later policy's breach of the same target is another event.
      return {
        key: `sla-${fact.data.target}-${Date.parse(fact.data.dueAt)}`,
        data: { target: fact.data.target, due_at: fact.data.dueAt, policy_id: fact.data.policyId },
      };
    case 'rated':
      // A submission is surveyed, and so rated, once. The comment is the customer's words: not sent.
      return { key: 'rated', data: { rating: fact.data.rating, has_comment: fact.data.hasComment } };
    case 'merged':
      // Once on each side: the source's receivers and the target's hear of it (a key may own either).
      return {
        key: `merged-${fact.id}`,
        data: { source_id: fact.data.sourceId, target_id: fact.data.targetId, actor_id: fact.actor.id },
      };
    case 'fields_changed':
      // The values go out as the submission's `fields` when the delivery is sent (personal ones are
      // never stored in a fact or a delivery row): here the names and the non-personal changes.
      return {
        key: `fields-${fact.id}`,
        data: { names: fact.data.names, before: fact.data.before, after: fact.data.after, ...actorOf(fact) },
      };
    default:
      return null;
  }
}

/**
 * Who made a change, as its webhook says it: `actor_id` is the staff account (null for the service);
 * a rule's change has `actor_id` null and `rule_id` (added in issue 42: receivers that read only
 * `actor_id` see no person).
 */
function actorOf(fact: SubmissionFact): { actor_id: string | null; rule_id?: string } {
  return fact.actor.type === 'rule' ? { actor_id: null, rule_id: fact.actor.id! } : { actor_id: fact.actor.id };
}

/**
 * Webhooks' part in a submission's facts: a fact's deliveries are written in its transaction (they
 * commit with the change, or neither does; those of all its facts at once, just before it commits)
 * and their jobs queued once it has committed (a job that cannot be queued then is added by the queue
 * reconciler). The staff detail shows the deliveries.
 */
@Injectable()
export class WebhookFactHandlers implements OnModuleInit {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly sections: SubmissionDetailSections,
  ) {}

  onModuleInit(): void {
    this.sections.add('webhooks', (submissionId) => this.webhooks.deliveryViewsOf(submissionId));
  }

  /** A transaction's deliveries, written at once before it commits; their jobs queued at once after. */
  @OnSubmissionFact({
    phase: 'before commit',
    facts: [
      'status_changed',
      'assigned',
      'message_received',
      'flagged',
      'message_bounced',
      'sla_breached',
      'rated',
      'merged',
      'fields_changed',
    ],
    sends: 'webhooks',
  })
  async recordDeliveries(facts: SubmissionFact[], tx: Transaction): Promise<AfterCommitWork | void> {
    const events = facts.flatMap((fact): SubmissionWebhookEvent[] => {
      const webhook = webhookOf(fact);
      return webhook
        ? [
            {
              submissionId: fact.submissionId,
              apiKeyId: fact.apiKeyId,
              event: webhookEventOf(fact.name),
              eventKey: webhook.key,
              eventData: webhook.data,
            },
          ]
        : [];
    });
    if (events.length === 0) {
      return;
    }
    const { pending } = await this.webhooks.record(events, tx);
    if (pending.length > 0) {
      return () => this.webhooks.queue(pending);
    }
  }
}
