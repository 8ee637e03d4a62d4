import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { SubmissionEntity } from '../entities/submission.entity';
import { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';
import { SubmissionTagEntity } from '../entities/submission-tag.entity';
import type { FieldCondition } from './field-filters';
import type { Priority } from '../lifecycle/submission-priority';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../lifecycle/submission-state';

/** What staff filter the list and the export by (absent: no condition). */
export interface SubmissionFilter {
  statuses?: WorkflowStatus[];
  /** An account id, or null for "unassigned". */
  assigneeId?: string | null;
  apiKeyId?: string;
  /** FULLTEXT boolean-mode expression (see toBooleanSearch). */
  search?: string;
  /** With `search`: custom fields whose values it also looks in (a submission matches through either). */
  searchFieldNames?: string[];
  /** Custom field conditions (`field.<name>`), every one required. */
  fields?: FieldCondition[];
  /** Any of these `email_hash` values (an exact address, see FieldCipher.emailHashes). */
  emailHashes?: string[];
  /** created_at >= from */
  from?: Date;
  /** created_at < before */
  before?: Date;
  /** Carrying this label (its compared form: see tagKey). */
  tagKey?: string;
  priorities?: Priority[];
  /** A target of its service level was breached (first response or resolution). */
  breached?: boolean;
}

/** The list's orders: newest first, or the earliest due target first (then those without one). */
export type SubmissionOrder = 'newest' | 'due';

/** What staff read of submissions: the list's pages, its counts, one detail, a customer's history. */
@Injectable()
export class StaffSubmissionsRepository {
  constructor(@InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>) {}

  /**
   * One page of the staff list, newest first: keyset on the time-ordered id (`olderThan`, the previous
   * page's last id), never OFFSET, so rows arriving meanwhile shift nothing. With the API key's and
   * assignee's names (`apiKey`, `assignee` hold only id and name).
   */
  async findPage(
    filter: SubmissionFilter,
    after: string | undefined,
    limit: number,
    order: SubmissionOrder = 'newest',
  ): Promise<SubmissionEntity[]> {
    const query = this.submissions
      .createQueryBuilder('s')
      .leftJoin('s.apiKey', 'k')
      .addSelect(['k.id', 'k.name'])
      .leftJoin('s.assignee', 'a')
      .addSelect(['a.id', 'a.name']);
    filtered(query, filter);
    if (order === 'newest') {
      if (after) {
        query.andWhere('s.id < :after', { after });
      }
      return query.orderBy('s.id', 'DESC').limit(limit).getMany();
    }
    // By due time, nulls last, then id: the keyset goes on after the previous page's last row, whose
    // due time is read again (the cursor stays an id, as in the other order). A row whose due time
    // moved meanwhile may show twice or not at all, as in any list of changing rows.
    if (after) {
      const last = await this.submissions.findOne({ select: { id: true, slaDueAt: true }, where: { id: after } });
      const due = last?.slaDueAt ?? null;
      if (due === null) {
        query.andWhere('s.sla_due_at IS NULL AND s.id > :after', { after });
      } else {
        query.andWhere('(s.sla_due_at > :due OR (s.sla_due_at = :due AND s.id > :after) OR s.sla_due_at IS NULL)', {
          due,
          after,
        });
      }
    }
    return query
      .orderBy('s.sla_due_at IS NULL', 'ASC')
      .addOrderBy('s.sla_due_at', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** One submission with its API key's and assignee's names. */
  findWithRefs(id: string): Promise<SubmissionEntity | null> {
    return this.submissions
      .createQueryBuilder('s')
      .leftJoin('s.apiKey', 'k')
      .addSelect(['k.id', 'k.name'])
      .leftJoin('s.assignee', 'a')
      .addSelect(['a.id', 'a.name'])
      .where('s.id = :id', { id })
      .getOne();
  }

  /** Submissions per workflow status (every status, zero included), of those that pass `filter`. */
  async countByStatus(filter: SubmissionFilter = {}): Promise<Record<WorkflowStatus, number>> {
    const rows = await filtered(this.submissions.createQueryBuilder('s'), filter)
      .select('s.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('s.status')
      .getRawMany<{ status: WorkflowStatus; count: string }>();
    const counts = Object.fromEntries(WORKFLOW_STATUSES.map((status) => [status, 0])) as Record<WorkflowStatus, number>;
    for (const row of rows) {
      counts[row.status] = Number(row.count);
    }
    return counts;
  }

  /**
   * Which of these keys have a submission that passes `filter` (the export's custom field columns):
   * one query per key, each stopping at its first row (`ix_submissions_api_key`), in the given order.
   */
  async keysAmong(filter: SubmissionFilter, apiKeyIds: readonly string[]): Promise<string[]> {
    const found = await Promise.all(
      apiKeyIds.map((apiKeyId) =>
        filtered(this.submissions.createQueryBuilder('s'), filter)
          .select('s.id', 'id')
          .andWhere('s.api_key_id = :apiKeyId', { apiKeyId })
          .limit(1)
          .getRawOne<{ id: string }>(),
      ),
    );
    return apiKeyIds.filter((_, index) => found[index] !== undefined);
  }

  /** The newest `limit` submissions under these e-mail hashes, but `exceptId` (a customer's history). */
  historyOf(emailHashes: string[], exceptId: string, limit: number): Promise<SubmissionEntity[]> {
    return this.submissions.find({
      where: { emailHash: In(emailHashes), id: Not(exceptId) },
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /** The submissions merged straight into this one, oldest first (the detail's `merged_from`). */
  mergedInto(id: string): Promise<Pick<SubmissionEntity, 'id' | 'createdAt'>[]> {
    return this.submissions.find({
      select: { id: true, createdAt: true },
      where: { mergedIntoId: id },
      order: { id: 'ASC' },
    });
  }
}

/** Narrows a query on `submissions` (alias `s`) to the rows that pass `filter`. */
function filtered<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  filter: SubmissionFilter,
): SelectQueryBuilder<T> {
  if (filter.statuses) {
    query.andWhere('s.status IN (:...statuses)', { statuses: filter.statuses });
  }
  if (filter.assigneeId === null) {
    query.andWhere('s.assignee_id IS NULL');
  } else if (filter.assigneeId !== undefined) {
    query.andWhere('s.assignee_id = :assigneeId', { assigneeId: filter.assigneeId });
  }
  if (filter.apiKeyId) {
    query.andWhere('s.api_key_id = :apiKeyId', { apiKeyId: filter.apiKeyId });
  }
  if (filter.search) {
    searched(query, filter.search, filter.searchFieldNames ?? []);
  }
  if (filter.emailHashes) {
    query.andWhere('s.email_hash IN (:...emailHashes)', { emailHashes: filter.emailHashes });
  }
  if (filter.from) {
    query.andWhere('s.created_at >= :from', { from: filter.from });
  }
  if (filter.before) {
    query.andWhere('s.created_at < :before', { before: filter.before });
  }
  if (filter.tagKey !== undefined) {
    // Through the tag's own index (`ix_submission_tags_tag`: the compared form, then the submission).
    const tagged = query
      .subQuery()
      .select('t.submission_id')
      .from(SubmissionTagEntity, 't')
      .where('t.tag_key = :tagKey');
    query.andWhere(`s.id IN ${tagged.getQuery()}`, { tagKey: filter.tagKey });
  }
  if (filter.priorities) {
    query.andWhere('s.priority IN (:...priorities)', { priorities: filter.priorities });
  }
  if (filter.breached) {
    query.andWhere(
      's.sla_policy_id IS NOT NULL AND (s.first_response_breached_at IS NOT NULL OR s.resolution_breached_at IS NOT NULL)',
    );
  }
  for (const [index, condition] of (filter.fields ?? []).entries()) {
    withField(query, condition, `f${index}`);
  }
  return query;
}

/**
 * The words of `search` in the submission's own columns or, all of them, in one value of these custom
 * fields (FULLTEXT on `value_text`, a semi-join on the values' rows).
 */
function searched<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, search: string, fieldNames: string[]): void {
  const own = 'MATCH (s.name, s.email, s.business, s.message) AGAINST (:search IN BOOLEAN MODE)';
  if (fieldNames.length === 0) {
    query.andWhere(own, { search });
    return;
  }
  const inFields = query
    .subQuery()
    .select('sv.submission_id')
    .from(SubmissionFieldValueEntity, 'sv')
    .where('sv.name IN (:...searchFieldNames)')
    .andWhere('MATCH (sv.value_text) AGAINST (:search IN BOOLEAN MODE)');
  query.andWhere(`(${own} OR s.id IN ${inFields.getQuery()})`, { search, searchFieldNames: fieldNames });
}

/**
 * A custom field condition as EXISTS over `submission_field_values`, through the index of its column
 * (`ix_submission_field_values_key`, `_number` or `_date`: each starts with the name). `alias` names
 * this condition's table and parameters (several conditions: one EXISTS each).
 */
function withField<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  condition: FieldCondition,
  alias: string,
): void {
  const parameters: ObjectLiteral = { [`${alias}Name`]: condition.name };
  const parts: string[] = [];
  if (condition.key !== undefined) {
    parts.push(`${alias}.value_key = :${alias}Key`);
    parameters[`${alias}Key`] = condition.key;
  }
  for (const [column, range] of [
    ['value_number', condition.numbers],
    ['value_date', condition.dates],
  ] as const) {
    if (!range) {
      continue;
    }
    const bounds = [`${alias}.${column} IS NOT NULL`];
    if (range.from !== undefined) {
      bounds.push(`${alias}.${column} >= :${alias}${column}From`);
      parameters[`${alias}${column}From`] = range.from;
    }
    if (range.to !== undefined) {
      bounds.push(`${alias}.${column} <= :${alias}${column}To`);
      parameters[`${alias}${column}To`] = range.to;
    }
    parts.push(`(${bounds.join(' AND ')})`);
  }
  const values = query
    .subQuery()
    .select('1')
    .from(SubmissionFieldValueEntity, alias)
    .where(`${alias}.submission_id = s.id`)
    .andWhere(`${alias}.name = :${alias}Name`)
    .andWhere(parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
  query.andWhere(`EXISTS ${values.getQuery()}`, parameters);
}
