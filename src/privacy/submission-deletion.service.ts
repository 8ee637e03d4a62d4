import { Injectable } from '@nestjs/common';
import { AfterCommitWork, Transaction, Transactions } from '../database/transactions';
import { SubmissionRetentionRepository } from '../submissions/lifecycle/submission-retention.repository';
import { PersonalDataPorts } from './personal-data-ports';

/**
 * Deletes submissions with everything that hangs on them (erasure and retention): each room that keeps
 * rows per submission deletes its own through its port (PersonalDataPorts, in PERSONAL_DATA_ORDER:
 * report days marked first, then notes and tags, webhook deliveries, messages, files, surveys), then
 * the submissions with their channel records, all in one transaction. What the ports ask to follow
 * the commit (forgetting every job the catalogue can derive for the deleted rows) runs once it has,
 * so no job points at a deleted row. A job running at that moment finds no row and does nothing.
 */
@Injectable()
export class SubmissionDeletion {
  constructor(
    private readonly transactions: Transactions,
    private readonly submissions: SubmissionRetentionRepository,
    private readonly ports: PersonalDataPorts,
  ) {}

  /**
   * Deletes these submissions (a batch: keep it to a thousand or so); answers how many it removed.
   * `alsoInTransaction` runs in the same transaction (an erasure's log entry), even with no ids.
   */
  async delete(asked: string[], alsoInTransaction?: (tx: Transaction) => Promise<void>): Promise<number> {
    if (asked.length === 0 && !alsoInTransaction) {
      return 0;
    }
    const { deleted, followCommit } = await this.transactions.run(async (tx) => {
      await alsoInTransaction?.(tx);
      if (asked.length === 0) {
        return { deleted: 0, followCommit: [] };
      }
      // A merged source lives on in its target (issue 42): deleting a target deletes the submissions
      // merged into it too (their timelines are in it), so no link points at nothing. Read here, locked
      // (see sourcesDeletedWith): a merge into one of them commits before this read or waits for the
      // deletion. Deleting a source that was itself merged (B of A into B into C) hands its own sources
      // on to its target (A into C). What moved from a deleted source into a target goes with it (each
      // port takes the rows whose merged_from_id it names).
      const ids = [...asked, ...(await this.submissions.sourcesDeletedWith(asked, tx))];
      await this.submissions.relinkSourcesOf(ids, tx);
      // A fresh list per attempt: a transaction retried after a conflict runs this again.
      const followCommit: AfterCommitWork[] = [];
      for (const { port } of this.ports.inOrder()) {
        const work = await port.deleteOfSubmissions(ids, tx);
        if (work) {
          followCommit.push(work);
        }
      }
      return { deleted: await this.submissions.deleteWithChannelRecords(ids, tx), followCommit };
    });
    await Promise.all(followCommit.map(async (work) => work()));
    return deleted;
  }
}
