import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  In,
  IsNull,
  LessThan,
  LessThanOrEqual,
  MoreThan,
  Not,
  ObjectLiteral,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';
import { batchedEntityInsert, EntityInserts, insertStatement, RunStatement } from '../database/batched-insert';
import { retryOnConflict } from '../database/commit-conflict';
import { poolStatement } from '../database/pool-statement';
import type { Transaction } from '../database/transactions';
import { FieldCipher } from '../database/field-cipher';
import { SubmissionDeliveryEntity } from './entities/submission-delivery.entity';
import { SubmissionEntity } from './entities/submission.entity';
import { SubmissionTagEntity } from './entities/submission-tag.entity';
import { DEFAULT_PRIORITY, Priority } from './submission-priority';
import {
  SUBMISSION_STATE,
  SUBMISSION_TRANSITIONS,
  SubmissionEvent,
  SubmissionState,
  TERMINAL_STATUSES,
  WORKFLOW_STATUSES,
  WorkflowStatus,
} from './submission-state';

export type NewSubmission = Omit<
  SubmissionEntity,
  | 'state'
  | 'attempts'
  | 'lastError'
  | 'processedAt'
  | 'assigneeId'
  | 'version'
  | 'closedAt'
  | 'firstResponseAt'
  | 'emailHash'
  | 'encKeyId'
  | 'priority'
  | 'senderVerified'
  | keyof SubmissionSlaColumns
  | 'firstResponseMinutes'
  | 'resolutionMinutes'
  | 'lastClosedAt'
  | 'mergedIntoId'
> & {
  /** Its service level's columns as the intake set them (service-levels/); absent: none applies. */
  sla?: SubmissionSlaColumns;
  /** Made from inbound mail: whether its sender was verified (see the entity); absent: not from mail. */
  senderVerified?: boolean | null;
  /** The e-mail's keyed hash (FieldCipher.emailHash) when the caller has made it already; else made here. */
  emailHash?: string | null;
  /**
   * What rules of `received` made of it before it was stored (rules/): their versions, priority,
   * assignee and closing time; absent: version 1, normal priority, unassigned.
   */
  workflow?: Pick<SubmissionEntity, 'version' | 'priority' | 'assigneeId' | 'closedAt'>;
};

/** A submission's service-level columns (see the entity): service-levels/ computes them, the row keeps them. */
export type SubmissionSlaColumns = Pick<
  SubmissionEntity,
  | 'slaPolicyId'
  | 'firstResponseDueAt'
  | 'resolutionDueAt'
  | 'firstResponseBreachedAt'
  | 'resolutionBreachedAt'
  | 'slaPausedAt'
  | 'slaPausedMinutes'
  | 'slaDueAt'
  | 'slaCheckAt'
>;

/** What a new submission no rule has changed holds. */
const NEW_WORKFLOW: NonNullable<NewSubmission['workflow']> = {
  version: 1,
  priority: DEFAULT_PRIORITY,
  assigneeId: null,
  closedAt: null,
};

/** No service level: what a submission holds when no policy applies. */
export const NO_SLA: SubmissionSlaColumns = {
  slaPolicyId: null,
  firstResponseDueAt: null,
  resolutionDueAt: null,
  firstResponseBreachedAt: null,
  resolutionBreachedAt: null,
  slaPausedAt: null,
  slaPausedMinutes: 0,
  slaDueAt: null,
  slaCheckAt: null,
};

/** What staff filter the list and the export by (absent: no condition). */
export interface SubmissionFilter {
  statuses?: WorkflowStatus[];
  /** An account id, or null for "unassigned". */
  assigneeId?: string | null;
  apiKeyId?: string;
  /** FULLTEXT boolean-mode expression (see toBooleanSearch). */
  search?: string;
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

/** The workflow columns a staff change writes (a merge also names the target). */
export type WorkflowChanges = Partial<
  Pick<SubmissionEntity, 'status' | 'assigneeId' | 'closedAt' | 'priority' | 'mergedIntoId'>
>;

/** What a staff change reads of a row before it writes: no personal column, so nothing to decrypt. */
export type WorkflowRow = Pick<
  SubmissionEntity,
  'id' | 'apiKeyId' | 'status' | 'assigneeId' | 'priority' | 'version' | 'mergedIntoId'
>;

const WORKFLOW_COLUMNS = {
  id: true,
  apiKeyId: true,
  status: true,
  assigneeId: true,
  priority: true,
  version: true,
  mergedIntoId: true,
} as const;

/** How far a chain of merges is followed (A into B into C ...): a cycle cannot form, this only bounds a read. */
const MAX_MERGE_HOPS = 32;

/** Every query of the `submissions` and `submission_deliveries` tables. */
@Injectable()
export class SubmissionsRepository {
  /**
   * Submissions that arrive together are stored with one multi-row INSERT (see BatchedInsert): the
   * query builder cost about a sixth of a submission's CPU, and one statement per request made MariaDB
   * the bottleneck under load. The columns come from the entity's metadata, in its declaration order.
   */
  private readonly inserts: EntityInserts<SubmissionEntity>;
  private readonly statement: RunStatement;

  constructor(
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    @InjectRepository(SubmissionDeliveryEntity) private readonly deliveries: Repository<SubmissionDeliveryEntity>,
    private readonly cipher: FieldCipher,
  ) {
    this.inserts = batchedEntityInsert(submissions);
    this.statement = poolStatement(submissions.manager.connection);
  }

  /**
   * Stores a new submission in state `received` (its own outbox entry), its personal columns sealed
   * when encryption at rest is on; settles once committed.
   */
  insert(submission: NewSubmission): Promise<void> {
    return this.inserts.insert(this.sealedRowOf(submission));
  }

  /**
   * Stores new submissions (see insert) with one INSERT in `tx`: those rules changed as they arrived
   * (rules/), with the rules' own writes.
   */
  async insertAll(submissions: readonly NewSubmission[], tx: Transaction): Promise<void> {
    const shape = this.inserts.shape;
    const values = submissions.flatMap((submission) => shape.valuesOf(this.sealedRowOf(submission)));
    await tx.query(insertStatement(shape.table, shape.columns, submissions.length), values);
  }

  /** A new submission's whole row, its personal columns sealed when encryption at rest is on. */
  private sealedRowOf(submission: NewSubmission): SubmissionEntity {
    // Every column spelled out (no spread): one fixed object shape, which V8 builds in a fraction of
    // the time a spread of a dozen properties plus ten more takes (3 % of a submission's CPU).
    const sla = submission.sla ?? NO_SLA;
    const workflow = submission.workflow ?? NEW_WORKFLOW;
    const row: SubmissionEntity = {
      id: submission.id,
      apiKeyId: submission.apiKeyId,
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      business: submission.business,
      message: submission.message,
      clientIp: submission.clientIp,
      userAgent: submission.userAgent,
      idempotencyKey: submission.idempotencyKey,
      createdAt: submission.createdAt,
      updatedAt: submission.updatedAt,
      emailHash: submission.email === null ? null : (submission.emailHash ?? this.cipher.emailHash(submission.email)),
      encKeyId: null,
      state: SUBMISSION_STATE.received,
      attempts: 0,
      lastError: null,
      processedAt: null,
      status: submission.status,
      assigneeId: workflow.assigneeId,
      version: workflow.version,
      closedAt: workflow.closedAt,
      firstResponseAt: null,
      spamReasons: submission.spamReasons,
      priority: workflow.priority,
      senderVerified: submission.senderVerified ?? null,
      slaPolicyId: sla.slaPolicyId,
      firstResponseDueAt: sla.firstResponseDueAt,
      resolutionDueAt: sla.resolutionDueAt,
      firstResponseBreachedAt: sla.firstResponseBreachedAt,
      resolutionBreachedAt: sla.resolutionBreachedAt,
      slaPausedAt: sla.slaPausedAt,
      slaPausedMinutes: sla.slaPausedMinutes,
      slaDueAt: sla.slaDueAt,
      slaCheckAt: sla.slaCheckAt,
      firstResponseMinutes: null,
      resolutionMinutes: null,
      lastClosedAt: null,
      mergedIntoId: null,
    };
    return this.cipher.sealRow('submissions', row);
  }

  findById(id: string): Promise<SubmissionEntity | null> {
    return this.submissions.findOneBy({ id });
  }

  /**
   * A submission's workflow columns read in `tx`, its row locked to the commit: a merge of it (which
   * writes the row) waits for `tx`, or `tx` waits for the merge and reads it merged. FOR UPDATE, not a
   * shared lock: TypeORM spells that FOR SHARE on a `mysql` connection to MariaDB, which has no such thing.
   */
  workflowRowForUpdate(id: string, tx: Transaction): Promise<WorkflowRow | null> {
    return tx.getRepository(SubmissionEntity).findOne({
      select: WORKFLOW_COLUMNS,
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * The workflow columns of these submissions (a bulk change's one read of up to 500 rows), by id;
   * an id not there is missing from the map.
   */
  async workflowRowsOf(ids: string[], tx?: Transaction): Promise<Map<string, WorkflowRow>> {
    const repository = tx ? tx.getRepository(SubmissionEntity) : this.submissions;
    const rows = ids.length === 0 ? [] : await repository.find({ select: WORKFLOW_COLUMNS, where: { id: In(ids) } });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Where mail or a link to `id` goes now: the submission at the end of its chain of merges (itself
   * when it was not merged), or null when `id` is not there.
   */
  async mergeTargetOf(id: string): Promise<string | null> {
    let current = id;
    for (let hop = 0; hop <= MAX_MERGE_HOPS; hop += 1) {
      const row = await this.submissions.findOne({ select: { id: true, mergedIntoId: true }, where: { id: current } });
      if (!row) {
        return hop === 0 ? null : current;
      }
      if (!row.mergedIntoId) {
        return row.id;
      }
      current = row.mergedIntoId;
    }
    return current;
  }

  /**
   * The submissions merged into these, directly or through others (A into B into C: both A and B for
   * C), through the `ix_submissions_merged_into` index; without `ids` themselves. `lock` (in `tx`):
   * a locking read (FOR UPDATE) of each step.
   */
  async mergedSourcesOf(ids: string[], tx?: Transaction, options: { lock?: boolean } = {}): Promise<string[]> {
    const repository = tx ? tx.getRepository(SubmissionEntity) : this.submissions;
    const lock = tx && options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {};
    const found: string[] = [];
    let frontier = ids;
    for (let hop = 0; hop < MAX_MERGE_HOPS && frontier.length > 0; hop += 1) {
      const rows = await repository.find({ select: { id: true }, where: { mergedIntoId: In(frontier) }, ...lock });
      frontier = rows.map((row) => row.id).filter((id) => !found.includes(id) && !ids.includes(id));
      found.push(...frontier);
    }
    return found;
  }

  /**
   * The requests of the submissions merged into `id`, directly or through others: what each requester
   * first wrote (name, address, message, when), opened as they load; oldest first.
   */
  async mergedRequestsOf(
    id: string,
  ): Promise<Pick<SubmissionEntity, 'id' | 'name' | 'email' | 'message' | 'createdAt' | 'encKeyId'>[]> {
    const sources = await this.mergedSourcesOf([id]);
    return sources.length === 0
      ? []
      : this.submissions.find({
          // The sealed columns open with the row's key id (the sealed-columns subscriber).
          select: { id: true, name: true, email: true, message: true, createdAt: true, encKeyId: true },
          where: { id: In(sources) },
          order: { createdAt: 'ASC', id: 'ASC' },
        });
  }

  /**
   * The submissions that go when these are deleted: those merged, directly or through others, into one
   * of them that is not merged itself (a target: their timelines are in it). Read in the deletion's
   * `tx` with locking reads (FOR UPDATE: these rows and the merged-into index range), so a merge into
   * one of them cannot commit between this read and the delete: it committed before (its source is
   * found here) or waits for the deletion and then finds its target gone (412). Not a shared lock:
   * TypeORM spells that FOR SHARE on a `mysql` connection to MariaDB, which has no such thing.
   */
  async sourcesDeletedWith(ids: string[], tx: Transaction): Promise<string[]> {
    const repository = tx.getRepository(SubmissionEntity);
    const rows =
      ids.length === 0
        ? []
        : await repository.find({
            select: { id: true, mergedIntoId: true },
            where: { id: In(ids) },
            lock: { mode: 'pessimistic_write' },
          });
    const targets = rows.filter((row) => !row.mergedIntoId).map((row) => row.id);
    return targets.length === 0
      ? []
      : (await this.mergedSourcesOf(targets, tx, { lock: true })).filter((id) => !ids.includes(id));
  }

  /**
   * Before merged submissions among `ids` are deleted, in `tx`: the submissions merged into them are
   * merged into where they went instead (A into B into C, B deleted: A into C), so no link dangles.
   */
  async relinkSourcesOf(ids: string[], tx: Transaction): Promise<void> {
    const list = ids.map(() => '?').join(', ');
    await tx.query(
      `UPDATE submissions s JOIN submissions d ON s.merged_into_id = d.id
       SET s.merged_into_id = d.merged_into_id
       WHERE d.id IN (${list}) AND d.merged_into_id IS NOT NULL AND d.merged_into_id NOT IN (${list})`,
      [...ids, ...ids],
    );
  }

  /** The submissions merged straight into this one, oldest first (the detail's `merged_from`). */
  mergedInto(id: string): Promise<Pick<SubmissionEntity, 'id' | 'createdAt'>[]> {
    return this.submissions.find({
      select: { id: true, createdAt: true },
      where: { mergedIntoId: id },
      order: { id: 'ASC' },
    });
  }

  /** Whether the submission is there (its primary key only: nothing to decrypt). */
  exists(id: string): Promise<boolean> {
    return this.submissions.existsBy({ id });
  }

  findByIdempotencyKey(
    apiKeyId: string,
    idempotencyKey: string,
  ): Promise<Pick<SubmissionEntity, 'id' | 'createdAt'> | null> {
    return this.submissions.findOne({ select: { id: true, createdAt: true }, where: { apiKeyId, idempotencyKey } });
  }

  /** Frees an expired Idempotency-Key so a new submission may use it. */
  async releaseIdempotencyKey(id: string, idempotencyKey: string): Promise<void> {
    await this.submissions.update({ id, idempotencyKey }, { idempotencyKey: null });
  }

  /** Ids of submissions still in the outbox (`received`) since before `cutoff`, oldest first. */
  async findUnqueued(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.submissions.find({
      select: { id: true },
      where: { state: SUBMISSION_STATE.received, createdAt: LessThan(cutoff) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Ids of up to `limit` submissions handed to the queue (`queued` or `processing`) before `cutoff`,
   * after id `afterId` (keyset, so repeated calls walk the whole set).
   */
  async findHandedToQueue(cutoff: Date, afterId: string, limit: number): Promise<string[]> {
    const rows = await this.submissions.find({
      select: { id: true },
      where: {
        state: In([SUBMISSION_STATE.queued, SUBMISSION_STATE.processing]),
        createdAt: LessThan(cutoff),
        id: MoreThan(afterId),
      },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  list(state: SubmissionState | undefined, limit: number): Promise<SubmissionEntity[]> {
    return this.submissions.find({ where: state ? { state } : {}, order: { createdAt: 'DESC' }, take: limit });
  }

  async findIdsInState(state: SubmissionState): Promise<string[]> {
    return (await this.submissions.find({ select: { id: true }, where: { state } })).map((row) => row.id);
  }

  /**
   * Applies `event` to the submissions among `ids` whose state allows it (a conditional UPDATE, so a
   * stale reader cannot move a row backwards), with `changes` beside the state (in `tx` when given).
   * Returns the rows moved.
   */
  async apply(
    ids: string | string[],
    event: SubmissionEvent,
    changes: Partial<Pick<SubmissionEntity, 'lastError' | 'processedAt'>> & { countAttempt?: boolean } = {},
    tx?: Transaction,
  ): Promise<number> {
    const { from, to } = SUBMISSION_TRANSITIONS[event];
    const { countAttempt, ...columns } = changes;
    const result = await (tx ? tx.getRepository(SubmissionEntity) : this.submissions).update(
      { id: Array.isArray(ids) ? In(ids) : ids, state: In([...from]) },
      { ...columns, state: to, updatedAt: new Date(), ...(countAttempt ? { attempts: () => 'attempts + 1' } : {}) },
    );
    return result.affected ?? 0;
  }

  /**
   * The outbox's step for submissions just put on the queue (`enqueue` of the transition table, as
   * apply does it): one plain conditional UPDATE on the pool, past TypeORM's query builder and query
   * runner, which cost as much as the statement itself for a step every batch of submissions takes.
   */
  async markEnqueued(ids: string[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    const { from, to } = SUBMISSION_TRANSITIONS.enqueue;
    const list = (count: number) => Array<string>(count).fill('?').join(', ');
    const sql = `UPDATE submissions SET state = ?, updated_at = ? WHERE id IN (${list(ids.length)}) AND state IN (${list(from.length)})`;
    await retryOnConflict(() => this.statement(sql, [to, new Date(), ...ids, ...from]));
  }

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
   * Applies a staff change if the row is still at `version` (a conditional UPDATE: of two writers
   * holding the same version exactly one succeeds), in `tx`, whose runner retries it after a commit
   * conflict (two PATCHes on two Galera nodes: the loser's retry matches no row, 412). Empty `changes`
   * still make a new version (the tags, kept beside the row, changed). Returns whether it applied.
   */
  async updateWorkflow(id: string, version: number, changes: WorkflowChanges, tx: Transaction): Promise<boolean> {
    const result = await tx
      .getRepository(SubmissionEntity)
      .update({ id, version }, { ...changes, version: () => 'version + 1', updatedAt: new Date() });
    return result.affected === 1;
  }

  /**
   * Moves a submission to its next version for a message of its conversation, in `tx`: only from
   * `version` when given (a reply must be based on what staff saw: 412 otherwise), from any version for
   * mail that arrives. `firstResponseAt` is kept once set; `reopenFrom` reopens (status `open`) a
   * submission in one of those statuses. Never a submission in a terminal status (TERMINAL_STATUSES:
   * merged), whose conversation went to its target: a merge that commits between the caller's read
   * and this UPDATE makes it match nothing. Answers whether the row was there to change.
   */
  async advanceForMessage(
    id: string,
    version: number | null,
    changes: { firstResponseAt?: Date; reopenFrom?: WorkflowStatus[] },
    tx: Transaction,
  ): Promise<boolean> {
    const query = tx
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({
        version: () => 'version + 1',
        updatedAt: new Date(),
        ...(changes.firstResponseAt ? { firstResponseAt: () => 'COALESCE(first_response_at, :firstResponseAt)' } : {}),
        ...(changes.reopenFrom?.length
          ? {
              // MySQL assigns left to right: closed_at must read the status before it changes.
              closedAt: () => 'CASE WHEN status IN (:...reopenFrom) THEN NULL ELSE closed_at END',
              status: () => "CASE WHEN status IN (:...reopenFrom) THEN 'open' ELSE status END",
            }
          : {}),
      })
      .where('id = :id', { id, firstResponseAt: changes.firstResponseAt, reopenFrom: changes.reopenFrom })
      .andWhere('status NOT IN (:...terminal)', { terminal: TERMINAL_STATUSES });
    if (version !== null) {
      query.andWhere('version = :version', { version });
    }
    return ((await query.execute()).affected ?? 0) === 1;
  }

  /** The channels that have already taken this submission. */
  async deliveredChannels(submissionId: string): Promise<string[]> {
    const rows = await this.deliveries.find({
      select: { channel: true },
      where: { submissionId, deliveredAt: Not(IsNull()) },
    });
    return rows.map((row) => row.channel);
  }

  /** Every channel's record for this submission (attempts, last error, delivered time). */
  deliveriesOf(submissionId: string): Promise<SubmissionDeliveryEntity[]> {
    return this.deliveries.find({ where: { submissionId }, order: { channel: 'ASC' } });
  }

  /**
   * Records one channel's attempt: a success sets delivered_at (the first success is kept), a failure
   * its error. One statement either way, so concurrent attempts count right.
   */
  async recordAttempt(submissionId: string, channel: string, error: string | null): Promise<void> {
    const now = new Date();
    const lastError = error?.slice(0, 1000) ?? null;
    await this.deliveries.query(
      `INSERT INTO submission_deliveries (submission_id, channel, attempts, last_error, last_attempt_at, delivered_at)
       VALUES (?, ?, 1, ?, ?, ?)
       ON DUPLICATE KEY UPDATE attempts = attempts + 1, last_error = VALUES(last_error),
         last_attempt_at = VALUES(last_attempt_at), delivered_at = COALESCE(delivered_at, VALUES(delivered_at))`,
      [submissionId, channel, lastError, now, error === null ? now : null],
    );
  }

  /** Forgets which channels took this submission, so its next job sends it to every channel again. */
  async clearDelivered(submissionId: string): Promise<void> {
    await this.deliveries.update({ submissionId }, { deliveredAt: null });
  }

  /** The newest `limit` submissions under these e-mail hashes, but `exceptId` (a customer's history). */
  historyOf(emailHashes: string[], exceptId: string, limit: number): Promise<SubmissionEntity[]> {
    return this.submissions.find({
      where: { emailHash: In(emailHashes), id: Not(exceptId) },
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /** Every submission stored under one of these e-mail hashes (see FieldCipher.emailHashes), oldest first. */
  findByEmailHashes(emailHashes: string[]): Promise<SubmissionEntity[]> {
    return this.submissions.find({ where: { emailHash: In(emailHashes) }, order: { id: 'ASC' } });
  }

  /**
   * Up to `limit` submissions after `afterId` (by id) created at or before `createdUpTo`, with only what
   * matching an address needs (the e-mail, opened): one page of an erasure applied again after a
   * restore (see ErasureLog), which has no index to ask because its log holds no lookup hash.
   */
  addressPage(afterId: string, createdUpTo: Date, limit: number): Promise<SubmissionEntity[]> {
    return this.submissions.find({
      select: { id: true, email: true, emailHash: true, encKeyId: true, createdAt: true },
      where: { id: MoreThan(afterId), createdAt: LessThanOrEqual(createdUpTo) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Up to `limit` closed or spam submissions created before `cutoff`, in `scope` (retention). */
  async expiredIds(scope: RetentionScope, cutoff: Date, limit: number): Promise<string[]> {
    const keys = scope.apiKeyIds.length > 0 ? scope.apiKeyIds : [''];
    const rows = await this.submissions.find({
      select: { id: true },
      where: {
        status: In(['closed', 'spam']),
        createdAt: LessThan(cutoff),
        apiKeyId: scope.only ? In(keys) : Not(In(keys)),
      },
      order: { createdAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Ids of up to `limit` spam submissions (flagged, or marked by staff) untouched since before `cutoff`,
   * every key: the `ix_submissions_status` index finds them, the rest is a short scan of spam alone.
   */
  async expiredSpamIds(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.submissions.find({
      select: { id: true },
      where: { status: 'spam', updatedAt: LessThan(cutoff) },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Deletes these submissions with their channel records, in `tx` (whose other rooms delete what hangs
   * on them first). Answers how many submissions it removed: a concurrent run that got there first
   * leaves 0.
   */
  async deleteWithChannelRecords(ids: string[], tx: Transaction): Promise<number> {
    await tx.getRepository(SubmissionDeliveryEntity).delete({ submissionId: In(ids) });
    return (await tx.getRepository(SubmissionEntity).delete({ id: In(ids) })).affected ?? 0;
  }
}

/** Which submissions a retention rule covers: some keys, or every key but some. */
export interface RetentionScope {
  apiKeyIds: string[];
  /** true: only `apiKeyIds`; false: every key except them. */
  only: boolean;
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
    query.andWhere('MATCH (s.name, s.email, s.business, s.message) AGAINST (:search IN BOOLEAN MODE)', {
      search: filter.search,
    });
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
  return query;
}
