import { Injectable } from '@nestjs/common';
import { Transaction } from '../database/transactions';
import { Clock } from '../clock/clock';
import { ReportBacklogCache } from './report-backlog-cache';
import { mayBeBuilt } from './report-days.builder';
import { AfterCommitWork, OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
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
    private readonly clock: Clock,
  ) {}

  /**
   * The submissions a transaction changed, their days marked once just before it commits: one read and
   * one upsert per transaction, however many facts it recorded. Today (and a day over for less than
   * the builder's settling time) is not marked: no report reads it built, and its mark would be one
   * row every change of the day writes and holds locked to its commit, on which concurrent changes
   * (rules at intake, bulk groups) would queue.
   */
  @OnSubmissionFact({
    phase: 'before commit',
    facts: ['status_changed', 'assigned', 'tags_changed', 'replied', 'message_received', 'sla_breached'],
  })
  followChange(facts: SubmissionFact[], tx: Transaction): Promise<AfterCommitWork> {
    return this.markFor([...new Set(facts.map((fact) => fact.submissionId))], tx);
  }

  /**
   * Marks the days of these submissions changed, in `tx` (before they change or go); answers what
   * must follow the commit: forgetting the open-work counts.
   */
  async markFor(submissionIds: readonly string[], tx: Transaction): Promise<AfterCommitWork> {
    const now = this.clock.now();
    const days = (await this.days.daysOf(submissionIds, tx)).filter((day) => mayBeBuilt(day, now));
    await this.days.markChanged(days, tx);
    return () => this.backlogs.forget();
  }
}
