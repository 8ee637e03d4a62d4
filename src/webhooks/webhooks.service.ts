import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { FLAGGED_EVENT_KEY, RECEIVED_EVENT_KEY, WebhookJobData } from '../queue/job-catalogue';
import { JobProducer } from '../queue/job-producer';
import type { Transaction } from '../database/transactions';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WEBHOOK_DELIVERY_STATE, WebhookDeliveryStatus } from './webhook-delivery-state';
import { SUBMISSION_FACTS, WEBHOOK_EVENTS, WebhookEvent } from '../submissions/facts/submission-facts';
import { WebhookDestinationEntity } from './entities/webhook-destination.entity';
import { toDeliveryView, WebhookDeliveryView } from './dto/webhook.views';
import { assertAcceptableWebhookUrl, loggableUrl } from './webhook-address';
import { generateWebhookSecret } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';

/** How long after a replay another replay of the same delivery is refused (a double click, a retrying client). */
export const REPLAY_HOLD_MS = 5_000;

/** The destination defined by STAFF_WEBHOOK_URL: not a row, so it has this id in delivery records. */
export const CONFIG_DESTINATION_ID = 'config';

export { FLAGGED_EVENT_KEY, RECEIVED_EVENT_KEY };

/** The data of a delivery's job (ids only). */
export function webhookJobOf(
  delivery: Pick<WebhookDeliveryEntity, 'id' | 'submissionId' | 'destinationId' | 'eventKey'>,
  replay = false,
): WebhookJobData {
  const { id, submissionId, destinationId, eventKey } = delivery;
  return { deliveryId: id, submissionId, destinationId, eventKey, ...(replay ? { replay } : {}) };
}

/** An event of a submission, for the destinations that take it (see WebhooksService.record). */
export interface SubmissionWebhookEvent {
  submissionId: string;
  apiKeyId: string;
  event: WebhookEvent;
  /** What makes the delivery unique per destination (see WebhookFactHandlers). */
  eventKey: string;
  eventData: Record<string, unknown> | null;
}

export interface NewDestination {
  url: string;
  apiKeyId?: string | null;
  events?: string[];
}

/**
 * Webhook destinations (what `webhooks` commands and the admin routes do) and the dispatch of events
 * to them: one delivery row and one job per destination, so a slow or dead destination delays nobody.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly apiKeys: ApiKeysRepository,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
    private readonly jobs: JobProducer,
    private readonly clock: Clock,
  ) {}

  async add(input: NewDestination, actor: Actor): Promise<WebhookDestinationEntity> {
    const url = assertAcceptableWebhookUrl(input.url, this.config.webhooks);
    const events = [...new Set(input.events?.length ? input.events : [SUBMISSION_FACTS.received.webhook.event])];
    const unknown = events.find((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
    if (unknown) {
      throw new ApiException(HttpStatus.BAD_REQUEST, `Invalid field: events (${unknown})`);
    }
    if (input.apiKeyId && !(await this.apiKeys.findById(input.apiKeyId))) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: api_key_id (no such key)');
    }
    const destination: WebhookDestinationEntity = {
      id: uuidv7(),
      apiKeyId: input.apiKeyId ?? null,
      url: url.toString(),
      secret: generateWebhookSecret(),
      previousSecret: null,
      previousSecretUntil: null,
      encKeyId: null,
      events: events.join(','),
      enabled: true,
      disabledReason: null,
      createdAt: new Date(),
    };
    await this.webhooks.insertDestination(destination);
    await this.audit.record(actor, {
      action: 'webhook.added',
      target: { type: 'webhook', id: destination.id },
      after: { url: loggableUrl(destination.url), api_key_id: destination.apiKeyId, events },
    });
    return destination;
  }

  list(): Promise<WebhookDestinationEntity[]> {
    return this.webhooks.listDestinations();
  }

  async get(id: string): Promise<WebhookDestinationEntity> {
    const destination = await this.webhooks.findDestination(id);
    if (!destination) {
      throw new NotFoundException(`No webhook destination with id ${id}`);
    }
    return destination;
  }

  async remove(id: string, actor: Actor): Promise<void> {
    await this.get(id);
    await this.webhooks.removeDestination(id);
    await this.audit.record(actor, { action: 'webhook.removed', target: { type: 'webhook', id } });
  }

  /**
   * A new secret; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP (unless it could not
   * be decrypted: then the new one alone, which is how a destination with an unreadable secret recovers).
   */
  async rotateSecret(id: string, actor: Actor): Promise<WebhookDestinationEntity> {
    const destination = await this.get(id);
    const changes = {
      secret: generateWebhookSecret(),
      previousSecret: destination.secret,
      previousSecretUntil: new Date(this.clock.nowMs() + this.config.webhooks.secretOverlap * 1000),
    };
    await this.webhooks.updateSecrets(id, changes);
    await this.audit.record(actor, { action: 'webhook.secret_rotated', target: { type: 'webhook', id } });
    return { ...destination, ...changes };
  }

  async setEnabled(id: string, enabled: boolean, actor: Actor): Promise<WebhookDestinationEntity> {
    const destination = await this.get(id);
    const changes = { enabled, disabledReason: enabled ? null : 'disabled by staff' };
    await this.webhooks.updateDestination(id, changes);
    await this.audit.record(actor, {
      action: enabled ? 'webhook.enabled' : 'webhook.disabled',
      target: { type: 'webhook', id },
      before: { enabled: destination.enabled, disabled_reason: destination.disabledReason },
    });
    return { ...destination, ...changes };
  }

  /**
   * Creates a delivery of `event` for every destination that takes it for this key's submissions
   * (STAFF_WEBHOOK_URL for `submission.received`, the global rows, the key's own) and queues one job
   * each (see JOBS.deliverWebhook): dispatching the same event twice is one delivery and one job. With
   * `resend` (a staff redelivery of the submission), deliveries that already finished are sent once
   * more, under the same `webhook-id` so receivers can tell.
   */
  async dispatch(
    submissionId: string,
    apiKeyId: string,
    event: WebhookEvent,
    eventKey: string,
    options: { eventData?: Record<string, unknown>; resend?: boolean } = {},
  ): Promise<number> {
    const { pending, finished, destinations } = await this.record([
      { submissionId, apiKeyId, event, eventKey, eventData: options.eventData ?? null },
    ]);
    await this.jobs.enqueue('deliverWebhook', pending);
    if (options.resend) {
      for (const job of finished) {
        if (await this.webhooks.applyDelivery(job.deliveryId, 'resend')) {
          await this.jobs.runAgain('deliverWebhook', job);
        }
      }
    }
    return destinations;
  }

  /**
   * Records the deliveries of events (in `tx` when given: with the change that caused them; a
   * transaction's facts at once, see WebhookFactHandlers) and answers the jobs of those still pending
   * and of those already finished; queueing them is the caller's. Two round trips for any number of
   * events, besides the destinations' one.
   */
  async record(
    events: readonly SubmissionWebhookEvent[],
    tx?: Transaction,
  ): Promise<{ pending: WebhookJobData[]; finished: WebhookJobData[]; destinations: number }> {
    const destinations = await this.webhooks.destinationsOf([...new Set(events.map((e) => e.apiKeyId))], tx);
    const configured = this.config.staff.webhookUrl && !this.config.staff.webhooksOnly ? [CONFIG_DESTINATION_ID] : [];
    const createdAt = new Date();
    const deliveries: WebhookDeliveryEntity[] = events.flatMap(
      ({ submissionId, apiKeyId, event, eventKey, eventData }) =>
        [
          ...(event === SUBMISSION_FACTS.received.webhook.event ? configured : []),
          ...destinations
            .filter(
              (row) => (row.apiKeyId === null || row.apiKeyId === apiKeyId) && row.events.split(',').includes(event),
            )
            .map((row) => row.id),
        ].map((destinationId) => ({
          id: uuidv7(),
          submissionId,
          destinationId,
          eventType: event,
          eventKey,
          eventData,
          status: WEBHOOK_DELIVERY_STATE.pending,
          attempts: 0,
          lastStatusCode: null,
          lastError: null,
          createdAt,
          deliveredAt: null,
        })),
    );
    const stored = await this.webhooks.ensureDeliveries(deliveries, tx);
    const pending: WebhookJobData[] = [];
    const finished: WebhookJobData[] = [];
    deliveries.forEach(({ submissionId, destinationId, eventKey }, i) => {
      const job = webhookJobOf({ ...stored[i], submissionId, destinationId, eventKey });
      (stored[i].status === WEBHOOK_DELIVERY_STATE.pending ? pending : finished).push(job);
    });
    return { pending, finished, destinations: deliveries.length };
  }

  /** Queues the jobs of deliveries recorded earlier (after their transaction committed). */
  queue(jobs: WebhookJobData[]): Promise<void> {
    return this.jobs.enqueue('deliverWebhook', jobs);
  }

  /** A submission's deliveries with their attempts, as the staff detail shows them. */
  async deliveryViewsOf(submissionId: string): Promise<WebhookDeliveryView[]> {
    const deliveries = await this.webhooks.deliveriesOf(submissionId);
    const attempts = await this.webhooks.attemptsOf(deliveries.map((delivery) => delivery.id));
    return deliveries.map((delivery) => toDeliveryView(delivery, attempts));
  }

  /** Deliveries newest first, with their attempts: `status=failed` is what needs a look. */
  async listDeliveries(
    filter: { status?: WebhookDeliveryStatus; destinationId?: string },
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: WebhookDeliveryView[]; next_cursor: string | null }> {
    // One row more than asked says whether another page follows.
    const rows = await this.webhooks.findDeliveryPage(filter, cursor, limit + 1);
    const page = rows.slice(0, limit);
    const attempts = await this.webhooks.attemptsOf(page.map((delivery) => delivery.id));
    return {
      items: page.map((delivery) => toDeliveryView(delivery, attempts)),
      next_cursor: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  /**
   * Sends a failed (or delivered) delivery once more, now: one attempt outside the schedule, recorded
   * like the others. A delivery still in progress is left to its schedule (409).
   */
  async replay(deliveryId: string, actor: Actor): Promise<WebhookDeliveryEntity> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    if (!delivery) {
      throw new NotFoundException(`No webhook delivery with id ${deliveryId}`);
    }
    // One conditional UPDATE: of concurrent replays exactly one moves it to pending, the rest are 409;
    // so is a replay within REPLAY_HOLD_MS of the last one, which may have finished already (a double
    // click on a fast receiver sent twice, issue 53).
    const now = this.clock.now();
    if (!(await this.webhooks.startReplay(deliveryId, now, new Date(now.getTime() - REPLAY_HOLD_MS)))) {
      const current = await this.webhooks.findDelivery(deliveryId);
      throw new ApiException(
        HttpStatus.CONFLICT,
        current?.status === WEBHOOK_DELIVERY_STATE.pending
          ? 'Delivery is still being attempted'
          : `Delivery was replayed less than ${REPLAY_HOLD_MS / 1000} seconds ago`,
      );
    }
    await this.jobs.runAgain('deliverWebhook', webhookJobOf(delivery, true));
    await this.audit.record(actor, {
      action: 'webhook.replayed',
      target: { type: 'submission', id: delivery.submissionId },
      after: { delivery_id: deliveryId, destination_id: delivery.destinationId },
    });
    return { ...delivery, status: WEBHOOK_DELIVERY_STATE.pending };
  }
}
