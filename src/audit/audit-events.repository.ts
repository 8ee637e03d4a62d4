import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { insertShapeOf, InsertShape, insertStatement } from '../database/batched-insert';
import type { Transaction } from '../database/transactions';
import { AuditEventEntity } from './audit-event.entity';

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Only events older than this id (the previous page's last). */
  before?: string;
  limit: number;
}

/** An event with its staff actor's current name (null for the CLI, the service, or an unknown sign-in). */
export type AuditEventWithActor = AuditEventEntity & { actorName: string | null };

/** The `audit_events` table: insert and read only, so events stay append-only. */
@Injectable()
export class AuditEventsRepository {
  /** The table's INSERT shape (columns from the entity's metadata). */
  private readonly shape: InsertShape<AuditEventEntity>;

  constructor(@InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>) {
    this.shape = insertShapeOf(events.metadata);
  }

  async insert(event: AuditEventEntity, tx?: Transaction): Promise<void> {
    const events = tx ? tx.getRepository(AuditEventEntity) : this.events;
    // simple-json columns are serialised by TypeORM; its insert typing cannot see through them.
    await events.insert(event as QueryDeepPartialEntity<AuditEventEntity>);
  }

  /**
   * Several events in one INSERT, in `tx`. Hand-written (every change records its events so): TypeORM's
   * query builder took a tenth of a rule-changed submission's CPU for its INSERTs.
   */
  async insertMany(events: AuditEventEntity[], tx: Transaction): Promise<void> {
    if (events.length > 0) {
      const values = events.flatMap((event) => this.shape.valuesOf(event));
      await tx.query(insertStatement(this.shape.table, this.shape.columns, events.length), values);
    }
  }

  /** Newest first, keyset-paged on the time-ordered id. */
  find(filter: AuditFilter): Promise<AuditEventWithActor[]> {
    const query = this.withActors();
    if (filter.actorId) {
      query.andWhere('event.actor_id = :actorId', { actorId: filter.actorId });
    }
    if (filter.action) {
      query.andWhere('event.action = :action', { action: filter.action });
    }
    if (filter.targetId) {
      query.andWhere('event.target_id = :targetId', { targetId: filter.targetId });
    }
    if (filter.from) {
      query.andWhere('event.created_at >= :from', { from: filter.from });
    }
    if (filter.to) {
      query.andWhere('event.created_at < :to', { to: filter.to });
    }
    if (filter.before) {
      query.andWhere('event.id < :before', { before: filter.before });
    }
    return this.read(query.orderBy('event.id', 'DESC').limit(filter.limit));
  }

  /** One target's timeline, oldest first. */
  forTarget(targetId: string): Promise<AuditEventWithActor[]> {
    return this.read(this.withActors().where('event.target_id = :targetId', { targetId }).orderBy('event.id', 'ASC'));
  }

  /**
   * The current names of the staff accounts and API keys among `ids` (what an event mentions by id),
   * read by table name like the actor's: the audit module stands below both rooms.
   */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.events.query<{ id: string; name: string }[]>(
      'SELECT id, name FROM staff_accounts WHERE id IN (?) UNION ALL SELECT id, name FROM api_keys WHERE id IN (?)',
      [ids, ids],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * Joined by table name: the audit module stands below staff accounts and rules and imports neither
   * (a rule's changes name the rule as their actor).
   */
  private withActors(): SelectQueryBuilder<AuditEventEntity> {
    return this.events
      .createQueryBuilder('event')
      .leftJoin('staff_accounts', 'actor', 'actor.id = event.actor_id')
      .leftJoin('rules', 'actor_rule', "actor_rule.id = event.actor_id AND event.actor_type = 'rule'")
      .addSelect('COALESCE(actor.name, actor_rule.name)', 'actor_name');
  }

  private async read(query: SelectQueryBuilder<AuditEventEntity>): Promise<AuditEventWithActor[]> {
    const { entities, raw } = await query.getRawAndEntities<{ actor_name: string | null }>();
    return entities.map((event, index) => ({ ...event, actorName: raw[index]?.actor_name ?? null }));
  }
}
