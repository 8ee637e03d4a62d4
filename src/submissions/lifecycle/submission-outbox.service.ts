import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { JobProducer } from '../../queue/job-producer';
import { PeriodicTask } from '../../queue/periodic-task';
import { settleWithin } from '../../queue/settle-within';
import { OnSubmissionFact, SubmissionFact } from '../facts/submission-facts';
import { SubmissionDeliveryRepository } from './submission-delivery.repository';

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
 * or the process died in between). A submission's job is one job however often it is added.
 */
@Injectable()
export class SubmissionOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SubmissionOutbox.name);
  private readonly relay = new PeriodicTask('Outbox relay', this.logger, () => this.relayOnce());
  private readonly inFlight = new Set<Promise<void>>();
  private pending: string[] = [];

  constructor(
    private readonly jobs: JobProducer,
    private readonly submissions: SubmissionDeliveryRepository,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.queue.relayEnabled) {
      this.relay.start(this.config.queue.relayInterval);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.pending.length > 0) {
      this.flush();
    }
    // Adds in flight finish within moments while Redis is up; while it is away they would wait for it.
    // Either way the rows are committed, so whatever does not finish in time is the relay's.
    await settleWithin(Promise.allSettled([...this.inFlight, this.relay.stop()]), SHUTDOWN_GRACE_MS);
  }

  /**
   * Enqueues after commit without holding up the response; a failure is left to the relay. Ids that
   * arrive together go to Redis and the database as one batch (one addBulk, one UPDATE), so a burst of
   * submissions costs a few round trips instead of two per submission.
   */
  @OnSubmissionFact({ phase: 'after commit', facts: ['received'] })
  dispatch(fact: SubmissionFact<'received'>): void {
    this.pending.push(fact.submissionId);
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

  private async enqueue(ids: string[]): Promise<void> {
    await this.jobs.enqueue(
      'deliverSubmission',
      ids.map((submissionId) => ({ submissionId })),
    );
    await this.submissions.markEnqueued(ids);
  }
}
