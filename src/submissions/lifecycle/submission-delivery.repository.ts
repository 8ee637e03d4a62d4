import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, MoreThan, Not, Repository } from 'typeorm';
import { retryOnConflict } from '../../database/commit-conflict';
import { poolStatement } from '../../database/pool-statement';
import type { Transaction } from '../../database/transactions';
import type { RunStatement } from '../../database/batched-insert';
import { SubmissionDeliveryEntity } from '../entities/submission-delivery.entity';
import { SubmissionEntity } from '../entities/submission.entity';
import { SUBMISSION_STATE, SUBMISSION_TRANSITIONS, SubmissionTransition, SubmissionState } from './submission-state';

/**
 * A submission's way to the staff channels: its delivery state (the outbox, the queue, the transitions
 * of submission-state.ts) and each channel's record (`submission_deliveries`).
 */
@Injectable()
export class SubmissionDeliveryRepository {
  private readonly statement: RunStatement;

  constructor(
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    @InjectRepository(SubmissionDeliveryEntity) private readonly deliveries: Repository<SubmissionDeliveryEntity>,
  ) {
    this.statement = poolStatement(submissions.manager.connection);
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
   * stale reader cannot move a row backwards), with `changes` beside the state. Returns the rows moved.
   */
  async apply(
    ids: string | string[],
    event: SubmissionTransition,
    changes: Partial<Pick<SubmissionEntity, 'lastError' | 'processedAt'>> & { countAttempt?: boolean } = {},
    tx?: Transaction,
  ): Promise<number> {
    const { from, to } = SUBMISSION_TRANSITIONS[event];
    const { countAttempt, ...columns } = changes;
    const repository = tx ? tx.getRepository(SubmissionEntity) : this.submissions;
    const result = await repository.update(
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
  async clearDelivered(submissionId: string, tx?: Transaction): Promise<void> {
    const repository = tx ? tx.getRepository(SubmissionDeliveryEntity) : this.deliveries;
    await repository.update({ submissionId }, { deliveredAt: null });
  }
}
