import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Who did something: a staff account (by session or token), the operator's CLI, the service, or a rule
 * (rules/: its id is the actor's).
 */
export const ACTOR_TYPES = ['staff', 'cli', 'system', 'rule'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/**
 * One recorded change or sign-in. Append-only: the repository has no update or delete. `before` and
 * `after` hold the changed values (statuses, ids, names, limits), never a password, key or message.
 */
@Entity({ name: 'audit_events' })
@Index('ix_audit_events_target', ['targetId', 'id'])
@Index('ix_audit_events_actor', ['actorId', 'id'])
@Index('ix_audit_events_action', ['action', 'id'])
@Index('ix_audit_events_created', ['createdAt'])
export class AuditEventEntity {
  /** UUIDv7: time-ordered, the audit list's cursor. */
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'actor_type', type: 'varchar', length: 16 })
  actorType!: ActorType;

  @Column({ name: 'actor_id', type: 'char', length: 36, nullable: true })
  actorId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ name: 'target_type', type: 'varchar', length: 32, nullable: true })
  targetType!: string | null;

  @Column({ name: 'target_id', type: 'char', length: 36, nullable: true })
  targetId!: string | null;

  @Column({ type: 'simple-json', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'simple-json', nullable: true })
  after!: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
