import { ApiProperty } from '@nestjs/swagger';
import { WebhookDeliveryEntity } from '../entities/webhook-delivery.entity';
import { WEBHOOK_EVENTS } from '../../submissions/facts/submission-facts';
import { WebhookDestinationEntity } from '../entities/webhook-destination.entity';
import { WebhookAttemptEntity } from '../entities/webhook-attempt.entity';
import { WEBHOOK_DELIVERY_STATUSES } from '../webhook-delivery-state';

/** A destination as admins and `webhooks list --json` see it: never its secret. */
export class WebhookDestinationView {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The API key whose submissions it takes; null: every key's",
  })
  api_key_id!: string | null;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  events!: string[];

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'answered 410 Gone on 2026-11-23T10:00:00.000Z' })
  disabled_reason!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until then the previous secret signs too',
  })
  previous_secret_until!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

/** A new destination or a rotated secret: the only time the secret is shown. */
export class WebhookDestinationWithSecretView extends WebhookDestinationView {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  secret!: string;
}

export class WebhookAttemptView {
  @ApiProperty({ type: Number, nullable: true })
  status_code!: number | null;

  @ApiProperty()
  duration_ms!: number;

  @ApiProperty({ type: String, nullable: true })
  error!: string | null;

  @ApiProperty({ format: 'date-time' })
  attempted_at!: string;
}

export class WebhookDeliveryView {
  @ApiProperty({ description: 'The webhook-id header' })
  id!: string;

  @ApiProperty({ description: 'A destination id, or `config` for STAFF_WEBHOOK_URL' })
  destination_id!: string;

  @ApiProperty({
    format: 'uuid',
    description: 'The submission the event is about (open it at /staff/api/submissions/{id})',
  })
  submission_id!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS })
  event!: string;

  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES })
  status!: string;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: Number, nullable: true })
  last_status_code!: number | null;

  @ApiProperty({ type: String, nullable: true })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  delivered_at!: string | null;

  @ApiProperty({ type: [WebhookAttemptView] })
  attempt_log!: WebhookAttemptView[];
}

export function toDestinationView(destination: WebhookDestinationEntity): WebhookDestinationView {
  return {
    id: destination.id,
    url: destination.url,
    api_key_id: destination.apiKeyId,
    events: destination.events.split(','),
    enabled: destination.enabled,
    disabled_reason: destination.disabledReason,
    previous_secret_until: destination.previousSecretUntil?.toISOString() ?? null,
    created_at: destination.createdAt.toISOString(),
  };
}

export function toDeliveryView(delivery: WebhookDeliveryEntity, attempts: WebhookAttemptEntity[]): WebhookDeliveryView {
  return {
    id: delivery.id,
    destination_id: delivery.destinationId,
    submission_id: delivery.submissionId,
    event: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    attempt_log: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        status_code: attempt.statusCode,
        duration_ms: attempt.durationMs,
        error: attempt.error,
        attempted_at: attempt.attemptedAt.toISOString(),
      })),
  };
}
