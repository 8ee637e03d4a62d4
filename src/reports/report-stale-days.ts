import { Injectable } from '@nestjs/common';
import { afterCommit, BeforeCommitBatch, Transaction } from '../database/transactions';
import { ReportBacklogCache } from './report-backlog-cache';
import { OnSubmissionFact, SubmissionFact } from '../submissions/submission-facts';
import { ReportDaysRepository } from './report-days.repository';

/**
 * Keeps the built report days honest: a change of a submission (in its transaction, so it cannot be
 * lost) marks the days its figures fall on as changed, and deleting submissions (erasure, retention)
 * does the same before the rows go. Reports then compute those days from the rows until they are built
 * again (ReportDaysBuilder).
 */
@Injectable()
export class ReportStaleDays {
  /**
   * The submissions a transaction changed, their days marked once just before it commits: one read and
   * one upsert per transaction, however many facts it recorded. Today's mark is a row every change
   * writes: held locked from there to the commit only, concurrent changes queue behind each other
   * there briefly instead of for a whole bulk group (four groups at once deadlocked on it).
   */
  private readonly changed = new BeforeCommitBatch<string>((ids, tx) => this.markFor([...new Set(ids)], tx));

  constructor(
    private readonly days: ReportDaysRepository,
    private readonly backlogs: ReportBacklogCache,
  ) {}

  @OnSubmissionFact({
    phase: 'in transaction',
    facts: ['status_changed', 'assigned', 'tags_changed', 'replied', 'message_received', 'sla_breached'],
  })
  followChange(fact: SubmissionFact, tx: Transaction): Promise<void> {
    this.changed.add(tx, fact.submissionId);
    return Promise.resolve();
  }

  /**
   * Marks the days of these submissions changed, in `tx` (before they change or go), and forgets the
   * open-work counts once it has committed.
   */
  async markFor(submissionIds: readonly string[], tx: Transaction): Promise<void> {
    await this.days.markChanged(await this.days.daysOf(submissionIds, tx), tx);
    afterCommit(tx, () => this.backlogs.forget());
  }
}
