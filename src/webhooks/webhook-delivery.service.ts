import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { SYSTEM_ACTOR } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { toStaffSubmission } from '../submissions/staff-api/staff-submission';
import { SubmissionFields } from '../submissions/lifecycle/submission-fields.service';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WEBHOOK_DELIVERY_STATE } from './webhook-delivery-state';
import { loggableUrl } from './webhook-address';
import { WebhookResponse, WebhookSender } from './webhook-sender';
import { configuredWebhookSecret, standardWebhookHeaders } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';
import { CONFIG_DESTINATION_ID } from './webhooks.service';
import { SUBMISSION_FACTS } from '../submissions/facts/submission-facts';
import { SubmissionsRepository } from '../submissions/submissions.repository';

/** The two events that carry the submission itself (the others carry ids and what changed). */
const RECEIVED = SUBMISSION_FACTS.received.webhook.event;
const FLAGGED = SUBMISSION_FACTS.flagged.webhook.event;
const FIELDS_CHANGED = SUBMISSION_FACTS.fields_changed.webhook.event;

/** Retry-After is honoured up to a day. */
const MAX_RETRY_AFTER_S = 86_400;

interface Target {
  id: string;
  url: string;
  secrets: string[];
  /** STAFF_WEBHOOK_URL: also gets part one's X-Signature-256 and body fields (deprecated). */
  legacy: boolean;
}

/** What to do after an attempt: nothing more, or try again in `retryInMs`. */
export type AttemptOutcome = { retryInMs: number } | null;

/**
 * One attempt of one webhook delivery: build the event (`{"type","timestamp","data"}`), sign it per
 * Standard Webhooks, POST it through the SSRF-safe sender, record the attempt, and decide: delivered
 * (2xx), retry on the schedule (or after Retry-After on 429/503), the destination gone (410: disabled,
 * no more attempts), or failed after the last attempt.
 */
@Injectable()
export class WebhookDeliveryService implements OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDeliveryService.name);
  private readonly sender: WebhookSender;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly apiKeys: ApiKeysRepository,
    private readonly audit: AuditService,
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly fields: SubmissionFields,
  ) {
    this.sender = new WebhookSender(config.webhooks, config.webhooks.timeout * 1000);
  }

  onApplicationShutdown(): void {
    this.sender.close();
  }

  /** `replay`: one attempt now, whatever the schedule says (staff asked for it). */
  async attempt(deliveryId: string, replay = false): Promise<AttemptOutcome> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    if (!delivery || delivery.status !== WEBHOOK_DELIVERY_STATE.pending) {
      return null;
    }
    const target = await this.targetOf(delivery.destinationId);
    if (!target) {
      await this.webhooks.applyDelivery(deliveryId, 'fail', { lastError: 'destination removed or disabled' });
      return null;
    }
    if (target.secrets.length === 0) {
      // Nothing to sign with (see WebhookDestinationEntity.unreadable): retrying would not help.
      await this.webhooks.applyDelivery(deliveryId, 'fail', {
        lastError: 'signing secret cannot be decrypted; rotate the secret',
      });
      return null;
    }
    const body = await this.bodyOf(delivery, target.legacy);
    if (body === null) {
      await this.webhooks.applyDelivery(deliveryId, 'fail', { lastError: 'submission no longer exists' });
      return null;
    }
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'contact-intake-webhook/2',
      'Idempotency-Key': delivery.eventKey === 'received' ? delivery.submissionId : delivery.id,
      ...standardWebhookHeaders(delivery.id, new Date(), body, target.secrets),
    };
    if (target.legacy) {
      headers['X-Signature-256'] =
        `sha256=${createHmac('sha256', this.config.staff.webhookSecret).update(body).digest('hex')}`;
    }
    const response = await this.sender.post(target.url, headers, body);
    return this.settle(delivery, target, response, replay);
  }

  private async settle(
    delivery: WebhookDeliveryEntity,
    target: Target,
    response: WebhookResponse,
    replay: boolean,
  ): Promise<AttemptOutcome> {
    const attempts = delivery.attempts + 1;
    await this.webhooks.insertAttempt({
      id: uuidv7(),
      deliveryId: delivery.id,
      statusCode: response.statusCode,
      durationMs: response.durationMs,
      error: response.error?.slice(0, 1000) ?? null,
      attemptedAt: new Date(),
    });
    const recorded = {
      countAttempt: true,
      lastStatusCode: response.statusCode,
      lastError: response.error?.slice(0, 1000) ?? null,
      // A replay's hold (REPLAY_HOLD_MS) runs from when its attempt settled too, however long the
      // attempt took: a click that arrives just after a slow replay finished still sends nothing.
      ...(replay ? { lastReplayedAt: this.clock.now() } : {}),
    };
    const seconds = response.durationMs / 1000;
    if (response.error === null) {
      await this.webhooks.applyDelivery(delivery.id, 'deliver', { ...recorded, deliveredAt: new Date() });
      this.metrics.webhookAttempted(target.id, 'delivered', seconds);
      return null;
    }
    const where = `webhook ${delivery.id} to ${loggableUrl(target.url)} (destination ${target.id})`;
    if (response.statusCode === 410) {
      await this.webhooks.applyDelivery(delivery.id, 'gone', recorded);
      if (target.id !== CONFIG_DESTINATION_ID) {
        const disabledReason = `answered 410 Gone on ${new Date().toISOString()}`;
        await this.webhooks.updateDestination(target.id, { enabled: false, disabledReason });
        await this.audit.record(SYSTEM_ACTOR, {
          action: 'webhook.disabled',
          target: { type: 'webhook', id: target.id },
          after: { disabled_reason: disabledReason },
        });
      }
      this.metrics.webhookAttempted(target.id, 'gone', seconds);
      this.logger.warn(`${where}: 410 Gone, destination disabled`);
      return null;
    }
    const schedule = this.config.webhooks.retrySchedule;
    if (replay || attempts > schedule.length) {
      await this.webhooks.applyDelivery(delivery.id, 'fail', recorded);
      this.metrics.webhookAttempted(target.id, 'failed', seconds);
      this.logger.warn(`${where}: failed after ${attempts} attempts (${response.error})`);
      return null;
    }
    if (!(await this.webhooks.applyDelivery(delivery.id, 'attempt', recorded))) {
      // Erased, or moved on by someone else meanwhile: nothing left to schedule.
      return null;
    }
    this.metrics.webhookAttempted(target.id, response.statusCode === null ? 'unreachable' : 'retry', seconds);
    const honoured =
      (response.statusCode === 429 || response.statusCode === 503) && response.retryAfterSeconds !== null
        ? Math.min(response.retryAfterSeconds, MAX_RETRY_AFTER_S)
        : null;
    const delaySeconds = honoured ?? withJitter(schedule[attempts - 1]);
    this.logger.warn(`${where}: attempt ${attempts} failed (${response.error}); next in ${delaySeconds.toFixed(1)} s`);
    return { retryInMs: Math.round(delaySeconds * 1000) };
  }

  private async targetOf(destinationId: string): Promise<Target | null> {
    if (destinationId === CONFIG_DESTINATION_ID) {
      const url = this.config.staff.webhookUrl;
      return url
        ? { id: destinationId, url, secrets: [configuredWebhookSecret(this.config.staff.webhookSecret)], legacy: true }
        : null;
    }
    const row = await this.webhooks.findDestination(destinationId);
    if (!row || !row.enabled) {
      return null;
    }
    // Null when it does not open (a removed key, altered data): no signature rather than a wrong one.
    const secrets = row.secret === null ? [] : [row.secret];
    if (row.previousSecret && row.previousSecretUntil && row.previousSecretUntil.getTime() > this.clock.nowMs()) {
      secrets.push(row.previousSecret);
    }
    return { id: row.id, url: row.url, secrets, legacy: false };
  }

  /** The event, built now from the stored rows (a job carries ids only). */
  private async bodyOf(delivery: WebhookDeliveryEntity, legacy: boolean): Promise<string | null> {
    const submission = await this.submissions.findById(delivery.submissionId);
    if (!submission) {
      return null;
    }
    const timestamp = delivery.createdAt.toISOString();
    // Events about a change (status_changed, message_received) carry ids and what changed, not the request.
    if (delivery.eventType !== RECEIVED && delivery.eventType !== FLAGGED) {
      // A change of custom fields carries the submission's fields as they are now (read at sending, so
      // personal values are never stored in the delivery row).
      const fields = delivery.eventType === FIELDS_CHANGED ? { fields: await this.fields.ofOne(submission) } : {};
      return JSON.stringify({
        type: delivery.eventType,
        timestamp,
        data: { id: submission.id, ...delivery.eventData, ...fields },
      });
    }
    const [apiKey, fields] = await Promise.all([
      this.apiKeys.findById(submission.apiKeyId),
      this.fields.ofOne(submission),
    ]);
    const data = {
      ...toStaffSubmission(submission, apiKey?.name ?? '', fields),
      // What a receiver that reviews spam needs to see why (flagged only: received is part one's shape).
      ...(delivery.eventType === FLAGGED ? { spam_reasons: submission.spamReasons?.split(',') ?? [] } : {}),
    };
    // Part one's receivers read `event` and `submission`: kept (deprecated) for STAFF_WEBHOOK_URL.
    return JSON.stringify({
      type: delivery.eventType,
      timestamp,
      data,
      ...(legacy && delivery.eventType === RECEIVED ? { event: delivery.eventType, submission: data } : {}),
    });
  }
}

/** +-10 % so retries of many deliveries do not arrive together. */
function withJitter(seconds: number): number {
  return seconds * (0.9 + Math.random() * 0.2);
}
