import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { Transaction } from '../database/transactions';
import { Actor } from './actor';
import { AuditEventEntity } from './audit-event.entity';
import { AuditEventsRepository, AuditEventWithActor, AuditFilter } from './audit-events.repository';

export interface AuditRecord {
  action: string;
  target?: { type: string; id: string | null };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
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
    const event: AuditEventEntity = {
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
    await this.events.insert(event, tx);
    return event;
  }

  find(filter: AuditFilter): Promise<AuditEventWithActor[]> {
    return this.events.find(filter);
  }

  timelineOf(targetId: string): Promise<AuditEventWithActor[]> {
    return this.events.forTarget(targetId);
  }
}
