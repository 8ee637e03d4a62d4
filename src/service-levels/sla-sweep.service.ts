import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { PeriodicTask } from '../queue/periodic-task';
import { SlaTracker } from './sla-tracker.service';
import { SubmissionSlaRepository } from './submission-sla.repository';

/** Submissions checked per pass; the next pass takes the next ones. */
const BATCH = 500;

/**
 * Catches up breaches no job recorded: a check job that Redis lost, or due times that passed while no
 * worker ran. Every RECONCILE_INTERVAL each worker checks the submissions whose next check time has
 * passed (an index on `sla_check_at`, which a recorded breach or a met target moves on); a breach is
 * still recorded once, at its due time (SlaTracker.checkBreaches).
 */
@Injectable()
export class SlaSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SlaSweep.name);
  private readonly task = new PeriodicTask('SLA sweep', this.logger, () => this.sweepOnce());

  constructor(
    private readonly tracker: SlaTracker,
    private readonly submissions: SubmissionSlaRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.queue.reconcileInterval);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }

  /** One pass: the breaches it recorded. */
  async sweepOnce(): Promise<number> {
    const due = await this.submissions.dueForCheck(this.clock.now(), BATCH);
    let recorded = 0;
    for (const submissionId of due) {
      recorded += await this.tracker.checkBreaches(submissionId);
    }
    if (recorded > 0) {
      this.logger.log(`Recorded ${recorded} SLA breach(es) that no check job had recorded`);
    }
    return recorded;
  }
}
