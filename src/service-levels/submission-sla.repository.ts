import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Repository } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SubmissionTagEntity } from '../submissions/entities/submission-tag.entity';
import { SubmissionFields } from '../submissions/lifecycle/submission-fields.service';
import { fieldKeysOf, SlaSubject, SlaTarget, SubmissionMeasures } from './sla-targets';
import { SubmissionSlaColumns } from '../submissions/lifecycle/submission-intake.repository';

/** What a change's targets and measures are computed from. */
export type MeasuredSubject = SlaSubject & { id: string; closedAt: Date | null; measures: SubmissionMeasures };

/** The service-level columns, as the entity names them. */
const SLA_COLUMNS = [
  'slaPolicyId',
  'firstResponseDueAt',
  'resolutionDueAt',
  'firstResponseBreachedAt',
  'resolutionBreachedAt',
  'slaPausedAt',
  'slaPausedMinutes',
  'slaDueAt',
  'slaCheckAt',
] as const satisfies readonly (keyof SubmissionSlaColumns)[];

/** What subjectsForUpdate reads of a submission's row. */
const SUBJECT_COLUMNS = [
  'id',
  'apiKeyId',
  'priority',
  'status',
  'createdAt',
  'closedAt',
  'firstResponseAt',
  'firstResponseMinutes',
  'resolutionMinutes',
  'lastClosedAt',
  ...SLA_COLUMNS,
] as const satisfies readonly (keyof SubmissionEntity)[];
type SubjectRow = Pick<SubmissionEntity, (typeof SUBJECT_COLUMNS)[number]>;

const BREACHED_COLUMN: Record<SlaTarget, 'firstResponseBreachedAt' | 'resolutionBreachedAt'> = {
  first_response: 'firstResponseBreachedAt',
  resolution: 'resolutionBreachedAt',
};

/**
 * Every query of a submission's service-level columns. They sit on the `submissions` row (the intake
 * writes them in its INSERT; the list sorts by them) but only service-levels/ reads or writes them
 * here, and it never touches the submission's other columns.
 */
@Injectable()
export class SubmissionSlaRepository {
  /** subjectsForUpdate's SELECT, its column names from the entity's metadata (never restated). */
  private readonly subjectsStatement: string;

  constructor(
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    private readonly fields: SubmissionFields,
  ) {
    const metadata = submissions.metadata;
    const columns = SUBJECT_COLUMNS.map(
      (property) => `${metadata.findColumnWithPropertyName(property)!.databaseName} AS ${property}`,
    );
    this.subjectsStatement =
      `SELECT ${columns.join(', ')} FROM ${metadata.tableName} ` + 'WHERE id IN (?) ORDER BY id FOR UPDATE';
  }

  /**
   * What a submission's targets depend on, its row locked in `tx` until the change commits (two changes
   * of one submission then set its targets one after the other). No personal column is read.
   */
  async subjectForUpdate(id: string, tx: Transaction): Promise<MeasuredSubject | null> {
    return (await this.subjectsForUpdate([id], tx))[0] ?? null;
  }

  /**
   * subjectForUpdate of several submissions at once (two round trips; three `withFields`: their custom
   * fields' comparable values, `value_key`, which personal fields do not have), in id order; those gone
   * are left out.
   */
  async subjectsForUpdate(ids: readonly string[], tx: Transaction, withFields = false): Promise<MeasuredSubject[]> {
    if (ids.length === 0) {
      return [];
    }
    // Hand-written (every change of a submission runs it): TypeORM's query builder and hydration cost
    // more CPU than the round trip. mysql2 gives the DATETIME columns as Dates, as the entity does.
    const rows = await tx.query<SubjectRow[]>(this.subjectsStatement, [ids]);
    if (rows.length === 0) {
      return [];
    }
    const tagKeys = new Map<string, string[]>();
    const tags = await tx.query<Pick<SubmissionTagEntity, 'submissionId' | 'tagKey'>[]>(
      'SELECT submission_id AS submissionId, tag_key AS tagKey FROM submission_tags ' +
        'WHERE submission_id IN (?) ORDER BY submission_id, position',
      [rows.map((row) => row.id)],
    );
    for (const tag of tags) {
      tagKeys.set(tag.submissionId, [...(tagKeys.get(tag.submissionId) ?? []), tag.tagKey]);
    }
    const fieldKeys = withFields ? await this.fieldKeysOf(rows, tx) : undefined;
    return rows.map((row) => ({
      id: row.id,
      apiKeyId: row.apiKeyId,
      priority: row.priority,
      status: row.status,
      createdAt: row.createdAt,
      firstResponseAt: row.firstResponseAt,
      closedAt: row.closedAt,
      measures: {
        firstResponseMinutes: row.firstResponseMinutes,
        resolutionMinutes: row.resolutionMinutes,
        lastClosedAt: row.lastClosedAt,
      },
      tagKeys: tagKeys.get(row.id) ?? [],
      fieldKeys: fieldKeys?.get(row.id) ?? (fieldKeys ? new Map() : undefined),
      current: Object.fromEntries(SLA_COLUMNS.map((column) => [column, row[column]])) as SubmissionSlaColumns,
    }));
  }

  /**
   * The comparable custom field values of these submissions (see SlaSubject.fieldKeys), by submission:
   * from their rows' values (as the filter index will hold them), so a change right after intake, before
   * a worker indexed the submission, chooses from the same values.
   */
  private async fieldKeysOf(
    rows: readonly { id: string; apiKeyId: string }[],
    tx: Transaction,
  ): Promise<Map<string, ReadonlyMap<string, readonly string[]>>> {
    const indexed = await this.fields.indexRowsOf(rows, tx);
    return new Map([...indexed].map(([id, list]) => [id, fieldKeysOf(list)]));
  }

  /** Writes a submission's service-level columns and measures, in `tx`. */
  async write(id: string, columns: SubmissionSlaColumns & SubmissionMeasures, tx: Transaction): Promise<void> {
    await tx.getRepository(SubmissionEntity).update({ id }, columns);
  }

  /**
   * Writes the columns of a check that found `targets` breached, in `tx`, only if none of them was
   * recorded meanwhile: of two checks racing (two workers, or two Galera nodes), one records the breach,
   * the other changes nothing. Answers whether it wrote.
   */
  async recordBreaches(
    id: string,
    columns: SubmissionSlaColumns,
    targets: readonly SlaTarget[],
    tx: Transaction,
  ): Promise<boolean> {
    const where: Record<string, unknown> = { id };
    for (const target of targets) {
      where[BREACHED_COLUMN[target]] = IsNull();
    }
    const result = await tx.getRepository(SubmissionEntity).update(where, columns);
    return result.affected === 1;
  }

  /** Submissions with a target owed and unbreached that was due by `now`, earliest first. */
  async dueForCheck(now: Date, limit: number): Promise<string[]> {
    const rows = await this.submissions.find({
      select: { id: true },
      where: { slaCheckAt: LessThanOrEqual(now) },
      order: { slaCheckAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }
}
