import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { WebhookDeliveryStatus } from '../webhook-delivery-state';

/**
 * One event for one destination. Its id is the Standard Webhooks `webhook-id`: the same on every
 * attempt and replay, so receivers can drop repeats.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('ix_webhook_deliveries_submission', ['submissionId', 'id'])
@Index('ix_webhook_deliveries_status', ['status', 'id'])
@Index('uq_webhook_deliveries_event', ['submissionId', 'destinationId', 'eventKey'], { unique: true })
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  /** A destination row's id, or `config` for STAFF_WEBHOOK_URL. */
  @Column({ name: 'destination_id', type: 'varchar', length: 36 })
  destinationId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType!: string;

  /** What makes the event unique for its submission (`received`, or the audit event id of a change). */
  @Column({ name: 'event_key', type: 'varchar', length: 64 })
  eventKey!: string;

  /** The event's own data beyond the submission (a status change's before, after and actor). */
  @Column({ name: 'event_data', type: 'simple-json', nullable: true })
  eventData!: Record<string, unknown> | null;

  /** Changed only through WEBHOOK_DELIVERY_TRANSITIONS. */
  @Column({ type: 'varchar', length: 16 })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'int', unsigned: true, default: 0 })
  attempts!: number;

  @Column({ name: 'last_status_code', type: 'smallint', unsigned: true, nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true })
  lastError!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'datetime', precision: 3, nullable: true })
  deliveredAt!: Date | null;

  /** When staff last replayed it: another replay waits REPLAY_HOLD_MS from then (see WebhooksService.replay). */
  @Column({ name: 'last_replayed_at', type: 'datetime', precision: 3, nullable: true })
  lastReplayedAt?: Date | null;
}
