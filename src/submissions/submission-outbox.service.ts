import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { settleWithin } from '../queue/settle-within';
import { AppConfig } from '../config/app-config';
import { DELIVER_SUBMISSION_JOB, DeliverSubmissionJob } from '../queue/queue.constants';
import { InjectSubmissionProducer } from '../queue/queue.module';
import { SubmissionsRepository } from './submissions.repository';

const RELAY_BATCH = 500;
const SHUTDOWN_GRACE_MS = 2000;
/**
 * How long ids gather before one addBulk and one UPDATE. Flushing at once (setImmediate) made the
 * UPDATE race the next submission's INSERT on the state index: 5 ms instead of 1 ms per submission at
 * concurrency 1 in the bench. A job reaches workers at most this much later.
 */
const BATCH_WINDOW_MS = 20;

/**
 * Provided by SubmissionOutboxModule, which only the intake (contact) imports: the relay runs in the
 * processes that take submissions in.
 *
 * Moves committed submissions onto the queue (transactional outbox): right after commit, and again
 * from the relay for every row still `received` after OUTBOX_RELAY_INTERVAL seconds (Redis was down,
 * or the process died in between). Job id = submission id, so adding twice is harmless.
 */
@Injectable()
export class SubmissionOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SubmissionOutbox.name);
  private relayTimer?: NodeJS.Timeout;
  private relayRunning?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  private pending: string[] = [];

  constructor(
    @InjectSubmissionProducer() private readonly queue: Queue<DeliverSubmissionJob>,
    private readonly submissions: SubmissionsRepository,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.queue.relayEnabled) {
      this.relayTimer = setInterval(() => this.scheduleRelay(), this.config.queue.relayInterval * 1000);
      this.relayTimer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.relayTimer);
    if (this.pending.length > 0) {
      this.flush();
    }
    // Adds in flight finish within moments while Redis is up; while it is away they would wait for it.
    // Either way the rows are committed, so whatever does not finish in time is the relay's.
    await settleWithin(Promise.allSettled([...this.inFlight, this.relayRunning]), SHUTDOWN_GRACE_MS);
  }

  /**
   * Enqueues after commit without holding up the response; a failure is left to the relay. Ids that
   * arrive together go to Redis and the database as one batch (one addBulk, one UPDATE), so a burst of
   * submissions costs a few round trips instead of two per submission.
   */
  dispatch(submissionId: string): void {
    this.pending.push(submissionId);
    if (this.pending.length === 1) {
      setTimeout(() => this.flush(), BATCH_WINDOW_MS);
    }
  }

  private flush(): void {
    const ids = this.pending.splice(0, this.pending.length);
    const work = this.enqueue(ids).catch((error: Error) => {
      this.logger.warn(`${ids.length} submission(s) not queued yet (${error.message}); the relay will retry`);
    });
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** One relay pass: every submission still in the outbox and older than the relay interval. */
  async relayOnce(): Promise<number> {
    const cutoff = new Date(Date.now() - this.config.queue.relayInterval * 1000);
    const pending = await this.submissions.findUnqueued(cutoff, RELAY_BATCH);
    if (pending.length > 0) {
      await this.enqueue(pending);
      this.logger.log(`Relay queued ${pending.length} stored submission(s) that had not reached the queue`);
    }
    return pending.length;
  }

  private scheduleRelay(): void {
    if (this.relayRunning) {
      return;
    }
    this.relayRunning = this.relayOnce()
      .then(() => undefined)
      .catch((error: Error) => this.logger.warn(`Outbox relay pass failed: ${error.message}`))
      .finally(() => (this.relayRunning = undefined));
  }

  private async enqueue(ids: string[]): Promise<void> {
    await this.queue.addBulk(
      ids.map((submissionId) => ({
        name: DELIVER_SUBMISSION_JOB,
        data: { submissionId },
        opts: { jobId: submissionId },
      })),
    );
    await this.submissions.apply(ids, 'enqueue');
  }
}
