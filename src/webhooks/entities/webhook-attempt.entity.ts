import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One HTTP attempt of a delivery: what the destination answered, how long it took, what went wrong. */
@Entity({ name: 'webhook_attempts' })
@Index('ix_webhook_attempts_delivery', ['deliveryId', 'id'])
export class WebhookAttemptEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'delivery_id', type: 'char', length: 36 })
  deliveryId!: string;

  @Column({ name: 'status_code', type: 'smallint', unsigned: true, nullable: true })
  statusCode!: number | null;

  @Column({ name: 'duration_ms', type: 'int', unsigned: true })
  durationMs!: number;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error!: string | null;

  @Column({ name: 'attempted_at', type: 'datetime', precision: 3 })
  attemptedAt!: Date;
}
