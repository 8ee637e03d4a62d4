import { ApiProperty } from '@nestjs/swagger';
import { NamedRefView } from '../http/openapi/named-ref.view';
import { ACTOR_TYPES } from './audit-event.entity';
import type { AuditEventWithActor } from './audit-events.repository';

/** One audit event (the submission timeline and GET /staff/api/audit). */
export class AuditEventView {
  @ApiProperty()
  id!: string;

  @ApiProperty({ example: 'staff.login_failed' })
  action!: string;

  @ApiProperty({ enum: ACTOR_TYPES })
  actor_type!: string;

  @ApiProperty({
    type: NamedRefView,
    nullable: true,
    description: 'The staff account, or the rule for `rule` (its current name); null for the CLI and the service',
  })
  actor!: NamedRefView | null;

  @ApiProperty({ type: String, nullable: true, example: 'submission' })
  target_type!: string | null;

  @ApiProperty({ type: String, nullable: true })
  target_id!: string | null;

  @ApiProperty({ type: Object, nullable: true, example: { status: 'new' } })
  before!: Record<string, unknown> | null;

  @ApiProperty({ type: Object, nullable: true, example: { status: 'open' } })
  after!: Record<string, unknown> | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description:
      'The current names of the staff accounts and API keys the event mentions (its target, ids in its change), by id',
    example: { '01a20a9d-0c5e-7e2a-9d1b-5a4f3c2b1a09': 'Grace Hopper' },
  })
  names!: Record<string, string>;

  @ApiProperty({ type: String, nullable: true })
  ip!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export function toAuditEventView(event: AuditEventWithActor, names: ReadonlyMap<string, string>): AuditEventView {
  const mentioned = [event.targetId, ...idsIn(event.before), ...idsIn(event.after)].filter(
    (id): id is string => typeof id === 'string' && names.has(id),
  );
  return {
    id: event.id,
    action: event.action,
    actor_type: event.actorType,
    actor: event.actorId ? { id: event.actorId, name: event.actorName ?? '' } : null,
    target_type: event.targetType,
    target_id: event.targetId,
    before: event.before,
    after: event.after,
    names: Object.fromEntries(mentioned.map((id) => [id, names.get(id)!])),
    ip: event.ip,
    created_at: event.createdAt.toISOString(),
  };
}

/** The ids a change holds: its fields' values, and the keys of a field keyed by account id (see idKeysOf). */
function idsIn(change: Record<string, unknown> | null): unknown[] {
  return Object.entries(change ?? {}).flatMap(([field, value]) => [value, ...idKeysOf(field, value)]);
}

/**
 * The account ids a change field is keyed by: `agents` of `submission.not_assigned` maps each agent a
 * round robin passed over to why (`{"<id>": "away"}`), and a reader wants their names, not ids.
 */
export function idKeysOf(field: string, value: unknown): string[] {
  return field === 'agents' && typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.keys(value)
    : [];
}
