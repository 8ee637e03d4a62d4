import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Transaction } from '../../database/transactions';
import { SubmissionEntity } from '../entities/submission.entity';
import { TERMINAL_STATUSES, WorkflowStatus } from './submission-state';

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

/** A submission's workflow writes: staff changes, merges, rules, and a message's new version. */
@Injectable()
export class SubmissionWorkflowRepository {
  constructor(@InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>) {}

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
}
