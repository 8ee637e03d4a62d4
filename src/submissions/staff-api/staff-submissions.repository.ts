import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, Repository, SelectQueryBuilder } from 'typeorm';
import { SubmissionEntity } from '../entities/submission.entity';
import { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';
import type { FieldCondition } from './field-filters';
import { fieldValuesWhere, FieldStrategy, filtered, SearchIn } from './submission-filter-sql';
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

/**
 * A field condition that fewer values than this meet is sparse: a page reads its matches first (see
 * FieldStrategy). Counting up to it reads at most this many entries of one index (a millisecond or two).
 */
const SPARSE_FIELD_VALUES = 5_000;

/** What staff read of submissions: the list's pages, its counts, one detail, a customer's history. */
@Injectable()
export class StaffSubmissionsRepository {
  constructor(@InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>) {}

  /**
   * One page of the staff list, newest first: keyset on the time-ordered id (`olderThan`, the previous
   * page's last id), never OFFSET, so rows arriving meanwhile shift nothing. With the API key's and
   * assignee's names (`apiKey`, `assignee` hold only id and name).
   *
   * A search that also looks in custom fields asks each side for its first page on its own (each
   * through its FULLTEXT index, as fast as a search of one side), then reads the first `limit` of
   * both: the page of the two together.
   */
  async findPage(
    filter: SubmissionFilter,
    after: string | undefined,
    limit: number,
    order: SubmissionOrder = 'newest',
  ): Promise<SubmissionEntity[]> {
    const fields = await this.fieldStrategy(filter);
    if (!filter.search || !filter.searchFieldNames?.length) {
      return (await this.paged(filtered(this.withRefs(), filter, { fields }), after, limit, order)).getMany();
    }
    const ids = new Set<string>();
    for (const searchIn of ['own', 'fields'] satisfies SearchIn[]) {
      const side = filtered(this.submissions.createQueryBuilder('s').select('s.id', 'id'), filter, {
        searchIn,
        fields,
      });
      for (const row of await (await this.paged(side, after, limit, order)).getRawMany<{ id: string }>()) {
        ids.add(row.id);
      }
    }
    if (ids.size === 0) {
      return [];
    }
    const page = this.withRefs().where('s.id IN (:...pageIds)', { pageIds: [...ids] });
    return (await this.paged(page, undefined, limit, order)).getMany();
  }

  /** A query on submissions (alias `s`) with its API key's and assignee's names. */
  private withRefs(): SelectQueryBuilder<SubmissionEntity> {
    return this.submissions
      .createQueryBuilder('s')
      .leftJoin('s.apiKey', 'k')
      .addSelect(['k.id', 'k.name'])
      .leftJoin('s.assignee', 'a')
      .addSelect(['a.id', 'a.name']);
  }

  /** `query` in `order`, after the row `after` (the keyset), at most `limit` rows. */
  private async paged(
    query: SelectQueryBuilder<SubmissionEntity>,
    after: string | undefined,
    limit: number,
    order: SubmissionOrder,
  ): Promise<SelectQueryBuilder<SubmissionEntity>> {
    if (order === 'newest') {
      if (after) {
        query.andWhere('s.id < :after', { after });
      }
      return query.orderBy('s.id', 'DESC').limit(limit);
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
      .limit(limit);
  }

  /**
   * How a page meets the filter's field conditions (see FieldStrategy): a semi-join when one of them
   * is sparse (fewer than SPARSE_FIELD_VALUES values meet it), else a probe per submission read.
   */
  private async fieldStrategy(filter: SubmissionFilter): Promise<FieldStrategy> {
    for (const condition of filter.fields ?? []) {
      if ((await this.valuesMeeting(condition, SPARSE_FIELD_VALUES)) < SPARSE_FIELD_VALUES) {
        return 'semi-join';
      }
    }
    return 'probe';
  }

  /** How many values meet a field condition, counted up to `cap` (an index range read, stopped there). */
  private async valuesMeeting(condition: FieldCondition, cap: number): Promise<number> {
    const { where, parameters } = fieldValuesWhere(condition, 'v');
    const values = this.submissions.manager
      .createQueryBuilder()
      .select('1')
      .from(SubmissionFieldValueEntity, 'v')
      .where(where)
      .limit(cap);
    const counted = await this.submissions.manager
      .createQueryBuilder()
      .select('COUNT(*)', 'n')
      .from(`(${values.getQuery()})`, 'meeting')
      .setParameters(parameters)
      .getRawOne<{ n: string }>();
    return Number(counted?.n ?? 0);
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
    const fields = await this.fieldStrategy(filter);
    const found = await Promise.all(
      apiKeyIds.map((apiKeyId) =>
        filtered(this.submissions.createQueryBuilder('s'), filter, { fields })
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
