import { InjectQueue } from '@nestjs/bullmq';
import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { Queue } from 'bullmq';
import { v7 as uuidv7 } from 'uuid';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { DELIVER_WEBHOOK_JOB, DeliverWebhookJob, WEBHOOKS_QUEUE } from '../queue/queue.constants';
import { WebhookDeliveryEntity, WebhookDeliveryStatus } from './entities/webhook-delivery.entity';
import { WEBHOOK_EVENTS, WebhookDestinationEntity, WebhookEvent } from './entities/webhook-destination.entity';
import { toDeliveryView, WebhookDeliveryView } from './dto/webhook.views';
import { assertAcceptableWebhookUrl, loggableUrl } from './webhook-address';
import { generateWebhookSecret } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';

/** The destination defined by STAFF_WEBHOOK_URL: not a row, so it has this id in delivery records. */
export const CONFIG_DESTINATION_ID = 'config';

/** A submission is received once: the event key of its `submission.received` deliveries. */
export const RECEIVED_EVENT_KEY = 'received';

/** The job id of a delivery's ordinary job: submission, destination (and the event, but for `received`). */
export function webhookJobId(
  delivery: Pick<WebhookDeliveryEntity, 'submissionId' | 'destinationId' | 'eventKey'>,
): string {
  const { submissionId, destinationId, eventKey } = delivery;
  return [submissionId, destinationId, ...(eventKey === RECEIVED_EVENT_KEY ? [] : [eventKey])].join('-');
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
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<DeliverWebhookJob>,
  ) {}

  async add(input: NewDestination, actor: Actor): Promise<WebhookDestinationEntity> {
    const url = assertAcceptableWebhookUrl(input.url, this.config.webhooks);
    const events = [...new Set(input.events?.length ? input.events : ['submission.received'])];
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
      previousSecretUntil: new Date(Date.now() + this.config.webhooks.secretOverlap * 1000),
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
   * each, with an id made of submission, destination (and event) ids: dispatching the same event twice
   * is one delivery and one job. With `resend` (a staff redelivery of the submission), deliveries that
   * already finished are sent once more, under the same `webhook-id` so receivers can tell.
   */
  async dispatch(
    submissionId: string,
    apiKeyId: string,
    event: WebhookEvent,
    eventKey: string,
    options: { eventData?: Record<string, unknown>; resend?: boolean } = {},
  ): Promise<number> {
    const destinationIds = (await this.webhooks.destinationsFor(apiKeyId, event)).map((row) => row.id);
    if (event === 'submission.received' && this.config.staff.webhookUrl && !this.config.staff.webhooksOnly) {
      destinationIds.unshift(CONFIG_DESTINATION_ID);
    }
    for (const destinationId of destinationIds) {
      const stored = await this.webhooks.ensureDelivery({
        id: uuidv7(),
        submissionId,
        destinationId,
        eventType: event,
        eventKey,
        eventData: options.eventData ?? null,
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        createdAt: new Date(),
        deliveredAt: null,
      });
      const jobId = webhookJobId({ submissionId, destinationId, eventKey });
      if (stored.status === 'pending') {
        await this.queue.add(DELIVER_WEBHOOK_JOB, { deliveryId: stored.id }, { jobId });
      } else if (options.resend) {
        await this.webhooks.updateDelivery(stored.id, { status: 'pending' });
        await this.queue.add(
          DELIVER_WEBHOOK_JOB,
          { deliveryId: stored.id },
          { jobId: `${jobId}-resend-${Date.now()}` },
        );
      }
    }
    return destinationIds.length;
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
    if (delivery.status === 'pending') {
      throw new ApiException(HttpStatus.CONFLICT, 'Delivery is still being attempted');
    }
    await this.webhooks.updateDelivery(deliveryId, { status: 'pending' });
    await this.queue.add(
      DELIVER_WEBHOOK_JOB,
      { deliveryId, replay: true },
      { jobId: `${deliveryId}-replay-${Date.now()}` },
    );
    await this.audit.record(actor, {
      action: 'webhook.replayed',
      target: { type: 'submission', id: delivery.submissionId },
      after: { delivery_id: deliveryId, destination_id: delivery.destinationId },
    });
    return { ...delivery, status: 'pending' };
  }
}
