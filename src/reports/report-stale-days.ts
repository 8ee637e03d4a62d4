import { Injectable } from '@nestjs/common';
import { afterCommit, Transaction } from '../database/transactions';
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
  constructor(
    private readonly days: ReportDaysRepository,
    private readonly backlogs: ReportBacklogCache,
  ) {}

  @OnSubmissionFact({
    phase: 'in transaction',
    facts: ['status_changed', 'assigned', 'tags_changed', 'replied', 'message_received', 'sla_breached'],
  })
  async followChange(fact: SubmissionFact, tx: Transaction): Promise<void> {
    await this.markFor([fact.submissionId], tx);
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
