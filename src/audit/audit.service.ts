import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { Transaction } from '../database/transactions';
import { Actor } from './actor';
import type { AuditAction } from './audit-actions';
import { AuditEventEntity } from './audit-event.entity';
import { AuditEventView, idKeysOf, toAuditEventView } from './audit-event.view';
import { AuditEventsRepository, AuditEventWithActor, AuditFilter } from './audit-events.repository';

/** Targets whose name a reader wants instead of an id. */
const NAMED_TARGETS = new Set(['staff', 'api_key']);
/** Id-valued change fields that name a staff account or an API key (`assignee_id`, `staff_id`, `api_key_id`). */
const NAMED_FIELD = /(^|_)(assignee|staff|api_key)_id$/;

export interface AuditRecord {
  action: AuditAction;
  target?: { type: string; id: string | null };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

function eventOf(actor: Actor, record: AuditRecord): AuditEventEntity {
  return {
    id: uuidv7(),
    actorType: actor.type,
    actorId: actor.id,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target?.id ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    ip: actor.ip ?? null,
    createdAt: new Date(),
  };
}

/**
 * The audit trail: every staff change, key and account change and sign-in, recorded once it has
 * happened (`action` is `<noun>.<verb>`, e.g. `submission.status_changed`, `staff.login_failed`).
 */
@Injectable()
export class AuditService {
  constructor(private readonly events: AuditEventsRepository) {}

  /** Records an event; with `tx`, as part of that transaction (the change and its event commit together). */
  async record(actor: Actor, record: AuditRecord, tx?: Transaction): Promise<AuditEventEntity> {
    const event = eventOf(actor, record);
    await this.events.insert(event, tx);
    return event;
  }

  /** Records several events in `tx`, in one INSERT (the facts of one change: see SubmissionFactRecorder). */
  async recordAll(
    entries: readonly { actor: Actor; record: AuditRecord }[],
    tx: Transaction,
  ): Promise<AuditEventEntity[]> {
    const events = entries.map(({ actor, record }) => eventOf(actor, record));
    if (events.length > 0) {
      await this.events.insertMany(events, tx);
    }
    return events;
  }

  find(filter: AuditFilter): Promise<AuditEventWithActor[]> {
    return this.events.find(filter);
  }

  timelineOf(targetId: string): Promise<AuditEventWithActor[]> {
    return this.events.forTarget(targetId);
  }

  /**
   * The views of `events`, each with the names of the accounts and keys it mentions (its target, the
   * accounts in its change, the agents a round robin passed over), so a reader sees "Ada assigned this
   * to Grace", never an id. One query for the whole page.
   */
  async views(events: AuditEventWithActor[]): Promise<AuditEventView[]> {
    const mentioned = new Set<string>();
    for (const event of events) {
      if (event.targetId && event.targetType && NAMED_TARGETS.has(event.targetType)) {
        mentioned.add(event.targetId);
      }
      for (const change of [event.before, event.after]) {
        for (const [field, value] of Object.entries(change ?? {})) {
          if (NAMED_FIELD.test(field) && typeof value === 'string') {
            mentioned.add(value);
          }
          for (const id of idKeysOf(field, value)) {
            mentioned.add(id);
          }
        }
      }
    }
    const names = await this.events.namesOf([...mentioned]);
    return events.map((event) => toAuditEventView(event, names));
  }
}
