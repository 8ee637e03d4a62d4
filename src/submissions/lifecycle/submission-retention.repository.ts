import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, LessThanOrEqual, MoreThan, Not, Repository } from 'typeorm';
import type { Transaction } from '../../database/transactions';
import { SubmissionDeliveryEntity } from '../entities/submission-delivery.entity';
import { SubmissionEntity } from '../entities/submission.entity';
import { SubmissionsRepository } from '../submissions.repository';

/**
 * A submission's end, for privacy/: what retention deletes, the deletion itself (with what was merged
 * into it), and the pages an erasure applied again reads.
 */
@Injectable()
export class SubmissionRetentionRepository {
  constructor(
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    private readonly reads: SubmissionsRepository,
  ) {}

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
      : (await this.reads.mergedSourcesOf(targets, tx, { lock: true })).filter((id) => !ids.includes(id));
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
