import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../audit/actor';
import { Clock } from '../clock/clock';
import { Transaction, Transactions } from '../database/transactions';
import { MetricsService } from '../metrics/metrics.service';
import { JobProducer } from '../queue/job-producer';
import { settleWithin } from '../queue/settle-within';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { AfterCommitWork, OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { DEFAULT_PRIORITY } from '../submissions/lifecycle/submission-priority';
import type { WorkflowStatus } from '../submissions/lifecycle/submission-state';
import { SlaPolicyCache } from './sla-policy-cache';
import { BusinessCalendar } from './business-calendar';
import {
  ActivePolicy,
  checkTimesOf,
  choosePolicy,
  dueBreaches,
  fieldKeysOf,
  measuresOf,
  sameSla,
  slaColumnsOf,
} from './sla-targets';

/** How long the intake's checks gather before one addBulk (as the outbox's submissions do). */
const INTAKE_BATCH_MS = 20;

/** Whether a policy asks for custom fields' values (only then are a submission's read). */
const askFields = (policies: readonly ActivePolicy[]) => policies.some((policy) => policy.fields !== null);

/** Submissions no policy applies to are measured in every minute. */
const AROUND_THE_CLOCK = BusinessCalendar.of(null);
import { SubmissionSlaRepository } from './submission-sla.repository';
import { NO_SLA, SubmissionSlaColumns } from '../submissions/lifecycle/submission-intake.repository';

/**
 * Keeps each submission's service level: its targets set at intake, set again after every change they
 * depend on (status, priority, tags, a reply, the customer's answer), and a breach recorded once per
 * target at its due time, by a delayed job per due time (JOBS.checkSla) and, for any a job missed
 * (Redis lost it, no worker ran), by the sweep (SlaSweep).
 */
@Injectable()
export class SlaTracker implements OnApplicationShutdown {
  private readonly logger = new Logger(SlaTracker.name);
  /** The intake's checks waiting for one addBulk (see scheduleAfterIntake). */
  private readonly intakeChecks: { data: { submissionId: string; dueAt: number }; delayMs: number }[] = [];
  private intakeFlush: NodeJS.Timeout | undefined;

  constructor(
    private readonly cache: SlaPolicyCache,
    private readonly submissions: SubmissionSlaRepository,
    private readonly jobs: JobProducer,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * The columns of a submission about to be stored: the policy that matches a new submission (normal
   * priority, no labels yet, the custom fields' values it came with), from the policies in memory (no
   * database round trip); and the due times its checks must run at (epoch ms), which its `received`
   * fact carries to scheduleAfterIntake. `fieldValues` gives the values as the filter index will hold
   * them (value_key), compared as a change compares them: made only when a policy asks for fields.
   */
  async atIntake(submission: {
    apiKeyId: string;
    status: WorkflowStatus;
    createdAt: Date;
    fieldValues?: () => readonly { name: string; valueKey: string | null }[];
  }): Promise<{ columns: SubmissionSlaColumns; checksAt: number[] }> {
    const policies = await this.cache.current();
    if (policies.length === 0) {
      return { columns: NO_SLA, checksAt: [] };
    }
    const subject = {
      apiKeyId: submission.apiKeyId,
      priority: DEFAULT_PRIORITY,
      tagKeys: [],
      fieldKeys: submission.fieldValues && askFields(policies) ? fieldKeysOf(submission.fieldValues()) : undefined,
      status: submission.status,
      createdAt: submission.createdAt,
      firstResponseAt: null,
      current: NO_SLA,
    };
    const columns = slaColumnsOf(choosePolicy(policies, subject), subject, submission.createdAt);
    const checksAt =
      columns.slaCheckAt === null
        ? []
        : checkTimesOf(columns, { status: submission.status, firstResponseAt: null }).map((due) => due.getTime());
    return { columns, checksAt };
  }

  /**
   * Once a submission is stored: a delayed check at each of its due times, not waited for. The checks
   * of submissions stored together go to Redis in one addBulk after INTAKE_BATCH_MS (one per submission
   * was most of what a policy cost the intake); a check that never reaches Redis is the sweep's.
   */
  @OnSubmissionFact({ phase: 'after commit', facts: ['received'] })
  scheduleAfterIntake(fact: SubmissionFact<'received'>): void {
    if (fact.data.slaChecksAt.length === 0) {
      return;
    }
    const now = this.clock.nowMs();
    for (const dueAt of fact.data.slaChecksAt) {
      this.intakeChecks.push({ data: { submissionId: fact.submissionId, dueAt }, delayMs: dueAt - now });
    }
    if (!this.intakeFlush) {
      this.intakeFlush = setTimeout(() => void this.flushIntakeChecks(), INTAKE_BATCH_MS);
    }
  }

  /** Queues the intake's checks gathered so far (also at shutdown). */
  private async flushIntakeChecks(): Promise<void> {
    clearTimeout(this.intakeFlush);
    this.intakeFlush = undefined;
    const items = this.intakeChecks.splice(0, this.intakeChecks.length);
    try {
      await this.jobs.enqueueDelayed('checkSla', items);
    } catch (error) {
      this.logger.warn(
        `${items.length} SLA check(s) not queued (${(error as Error).message}); the sweep will catch them`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.intakeChecks.length > 0) {
      await settleWithin(this.flushIntakeChecks(), 1000);
    }
  }

  /**
   * A change the targets depend on, in its transaction: the policy is chosen again (priority, tags and
   * custom fields),
   * the resolution clock paused or resumed (status), a met target dropped (a reply, closing), and the
   * measures reports read set (the first response's and the resolution's business minutes). Worked
   * out just before the change commits, for all the submissions of its facts at once (a bulk change's
   * 50 rows: two reads, and a write per row whose targets moved), from the rows as the change left
   * them. Checks at the new due times are queued once the change has committed.
   */
  @OnSubmissionFact({
    phase: 'before commit',
    facts: ['status_changed', 'priority_changed', 'tags_changed', 'fields_changed', 'replied', 'message_received'],
  })
  async followChange(facts: SubmissionFact[], tx: Transaction): Promise<AfterCommitWork | void> {
    const ids = [...new Set(facts.map((fact) => fact.submissionId))];
    const policies = await this.cache.current();
    const now = this.clock.now();
    const checks: { submissionId: string; dueTimes: Date[] }[] = [];
    for (const subject of await this.submissions.subjectsForUpdate(ids, tx, askFields(policies))) {
      const chosen = choosePolicy(policies, subject);
      const next = slaColumnsOf(chosen, subject, now);
      const measures = measuresOf(chosen?.calendar ?? AROUND_THE_CLOCK, subject, now);
      if (
        sameSla(next, subject.current) &&
        measures.firstResponseMinutes === subject.measures.firstResponseMinutes &&
        measures.resolutionMinutes === subject.measures.resolutionMinutes &&
        measures.lastClosedAt?.getTime() === subject.measures.lastClosedAt?.getTime()
      ) {
        continue;
      }
      await this.submissions.write(subject.id, { ...next, ...measures }, tx);
      checks.push({ submissionId: subject.id, dueTimes: checkTimesOf(next, subject) });
    }
    if (checks.some((check) => check.dueTimes.length > 0)) {
      return () => this.schedule(checks);
    }
  }

  /**
   * Records the targets of a submission that are due by now and still unmet, each once: a fact (audit,
   * webhook `submission.sla_breached`, live event) in the same transaction as the breach. Any number of
   * workers may check the same submission at once; one records, the others find it recorded.
   */
  async checkBreaches(submissionId: string): Promise<number> {
    return this.transactions.run(async (tx) => {
      const subject = await this.submissions.subjectForUpdate(submissionId, tx);
      if (!subject || subject.current.slaPolicyId === null) {
        return 0;
      }
      const { breached, columns } = dueBreaches(subject.current, subject, this.clock.now());
      if (breached.length === 0) {
        return 0;
      }
      const targets = breached.map((breach) => breach.target);
      if (!(await this.submissions.recordBreaches(subject.id, columns, targets, tx))) {
        return 0;
      }
      for (const { target, dueAt } of breached) {
        await this.facts.record(
          {
            name: 'sla_breached',
            submissionId: subject.id,
            apiKeyId: subject.apiKeyId,
            actor: SYSTEM_ACTOR,
            data: { target, dueAt: dueAt.toISOString(), policyId: columns.slaPolicyId! },
          },
          tx,
        );
      }
      return breached.length;
    });
  }

  /** Counts each breach once it has committed (`sla_breaches_total`). */
  @OnSubmissionFact({ phase: 'after commit', facts: ['sla_breached'] })
  countBreach(fact: SubmissionFact<'sla_breached'>): void {
    this.metrics.slaBreached(fact.data.target);
  }

  /** Checks at these submissions' due times, in one addBulk. */
  private async schedule(checks: { submissionId: string; dueTimes: Date[] }[]): Promise<void> {
    const now = this.clock.nowMs();
    await this.jobs.enqueueDelayed(
      'checkSla',
      checks.flatMap(({ submissionId, dueTimes }) =>
        dueTimes.map((dueAt) => ({ data: { submissionId, dueAt: dueAt.getTime() }, delayMs: dueAt.getTime() - now })),
      ),
    );
  }
}
