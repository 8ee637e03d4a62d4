import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { OccasionalLog } from '../logging/occasional-log';
import { RedisClient } from '../redis/redis-connection';
import { JobData, JobKindName, JOBS, QueueName, rerunIdOf } from './job-catalogue';
import { settleWithin } from './settle-within';

/** The producer's queue handles, one per queue, on one connection of their own (see QueueModule). */
export const PRODUCER_QUEUES = Symbol('PRODUCER_QUEUES');

const CLOSE_GRACE_MS = 1000;
/** How often a schedule that could not be declared (Redis away at start) is tried again. */
const DECLARE_RETRY_MS = 5_000;
/** Job states in which a job will still run (or is running). */
const LIVE = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** What runAgain did. */
export type RunAgainOutcome = 'retried' | 'promoted' | 'waiting' | 'added';

/** The kinds run by a job scheduler: their jobs carry no data (one id per kind). */
export type ScheduledKindName = {
  [K in JobKindName]: JobData<K> extends undefined ? K : never;
}[JobKindName];

/**
 * The one way into the queues: every room enqueues, re-runs and forgets jobs through this, by kind
 * (see JOBS), and never spells a job id. Its connection fails fast (no offline queue, one retry), so
 * a caller on the request path is never held up by a Redis that is away: what it committed stays in
 * its outbox (a `received` submission, a `pending` webhook delivery) for the relay or the reconciler.
 */
@Injectable()
export class JobProducer implements OnApplicationShutdown {
  private readonly log = new OccasionalLog(new Logger('Queue'));
  private readonly logger = new Logger('Queue');
  /** The schedules still to declare (Redis was away), by kind: cleared at shutdown. */
  private readonly retries = new Map<ScheduledKindName, NodeJS.Timeout>();
  private closing = false;

  constructor(@Inject(PRODUCER_QUEUES) private readonly queues: Record<QueueName, Queue>) {
    // Without listeners BullMQ prints every connection error; one line a minute says enough.
    const report = (error: Error) => this.log.error(`Queue connection problem: ${error.message}`);
    for (const queue of Object.values(queues)) {
      queue.on('error', report);
    }
    this.connection().on('error', report);
  }

  /** Adds one job per data item (one round trip); an item whose job exists already adds nothing. */
  async enqueue<K extends JobKindName>(kind: K, items: JobData<K>[]): Promise<void> {
    if (items.length === 0) {
      return;
    }
    const { queue, name, idOf } = JOBS[kind];
    await this.queues[queue].addBulk(
      items.map((data) => ({ name, data, opts: { jobId: (idOf as (data: JobData<K>) => string)(data) } })),
    );
  }

  /**
   * Adds one job per item, each to run `delayMs` from now (BullMQ's delayed set; 0 or less: now), in one
   * round trip; an item whose job exists already (same id) adds nothing.
   */
  async enqueueDelayed<K extends JobKindName>(kind: K, items: { data: JobData<K>; delayMs: number }[]): Promise<void> {
    if (items.length === 0) {
      return;
    }
    const { queue, name, idOf } = JOBS[kind];
    await this.queues[queue].addBulk(
      items.map(({ data, delayMs }) => ({
        name,
        data,
        opts: { jobId: (idOf as (data: JobData<K>) => string)(data), delay: Math.max(0, Math.round(delayMs)) },
      })),
    );
  }

  /**
   * Makes the row's job run (again) now, with this data: a failed or completed job is retried, a
   * delayed one promoted, a waiting one left to run (with the new data); an active one gets a follow-up
   * run under the kind's rerun id; a job Redis no longer has is added again under its id.
   */
  async runAgain<K extends JobKindName>(kind: K, data: JobData<K>): Promise<RunAgainOutcome> {
    const { queue, name, idOf } = JOBS[kind];
    const jobId = (idOf as (data: JobData<K>) => string)(data);
    const job = await this.queues[queue].getJob(jobId);
    const outcome = job ? await this.restart(job, data) : null;
    if (outcome) {
      return outcome;
    }
    // Active (a run is in progress and may have read the row already), or gone: a run of its own.
    const id = job ? rerunIdOf(jobId) : jobId;
    const rerun = job ? await this.queues[queue].getJob(id) : undefined;
    if (rerun && (await this.restart(rerun, data))) {
      return 'retried';
    }
    await this.queues[queue].add(name, data, { jobId: id });
    return 'added';
  }

  /** Removes every job the kind can derive for these rows (first runs and reruns) that is not running. */
  async forget<K extends JobKindName>(kind: K, items: JobData<K>[]): Promise<void> {
    const { queue, idOf } = JOBS[kind];
    const ids = items.flatMap((data) => {
      const jobId = (idOf as (data: JobData<K>) => string)(data);
      return [jobId, rerunIdOf(jobId)];
    });
    // A job running right now cannot be removed: it finds no row and does nothing.
    await Promise.all(ids.map((id) => this.queues[queue].remove(id)));
  }

  /** The items whose job Redis does not know under any of the kind's ids (lost in a failover, say). */
  async findMissing<K extends JobKindName>(kind: K, items: JobData<K>[]): Promise<JobData<K>[]> {
    const { queue, idOf } = JOBS[kind];
    const known = await Promise.all(
      items.map(async (data) => {
        const jobId = (idOf as (data: JobData<K>) => string)(data);
        const states = await Promise.all([jobId, rerunIdOf(jobId)].map((id) => this.queues[queue].getJobState(id)));
        return states.some((state) => state !== 'unknown');
      }),
    );
    return items.filter((_, index) => !known[index]);
  }

  /** Whether the row's job will still run (waiting, delayed, active...). */
  async isLive<K extends JobKindName>(kind: K, data: JobData<K>): Promise<boolean> {
    const { queue, idOf } = JOBS[kind];
    const jobId = (idOf as (data: JobData<K>) => string)(data);
    const states = await Promise.all([jobId, rerunIdOf(jobId)].map((id) => this.queues[queue].getJobState(id)));
    return states.some((state) => LIVE.has(state));
  }

  /** How many jobs of the queue are in each state BullMQ knows (waiting, active, delayed, failed...). */
  counts(queue: QueueName): Promise<Record<string, number>> {
    return this.queues[queue].getJobCounts();
  }

  /**
   * Declares the kind's job scheduler, every `everyMs` (an upsert: any number of processes may, there
   * is one). Resolves after the first try; while Redis is away, tries again every few seconds until
   * the declaration takes or the process shuts down.
   */
  async keepScheduled(kind: ScheduledKindName, everyMs: number): Promise<void> {
    clearTimeout(this.retries.get(kind));
    this.retries.delete(kind);
    const { queue, name, idOf } = JOBS[kind];
    try {
      await this.queues[queue].upsertJobScheduler(idOf(), { every: everyMs }, { name });
    } catch (error) {
      if (this.closing) {
        return;
      }
      this.logger.warn(`Schedule of ${name} not declared yet (${(error as Error).message}); trying again`);
      const retry = setTimeout(() => void this.keepScheduled(kind, everyMs), DECLARE_RETRY_MS);
      retry.unref();
      this.retries.set(kind, retry);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.retries.forEach((retry) => clearTimeout(retry));
    this.retries.clear();
    // BullMQ's close() waits for a connection that is not there while Redis is away; give it a moment,
    // then drop the connection we own (nothing is pending on these handles).
    await settleWithin(Promise.all(Object.values(this.queues).map((queue) => queue.close())), CLOSE_GRACE_MS);
    this.connection().disconnect();
  }

  private connection(): RedisClient {
    return Object.values(this.queues)[0].opts.connection as RedisClient;
  }

  /** Restarts a finished or delayed job, or refreshes a waiting one; null when it is active (or just gone). */
  private async restart(job: Job, data: unknown): Promise<RunAgainOutcome | null> {
    const state = await job.getState();
    if (state === 'active' || state === 'unknown') {
      return null;
    }
    await job.updateData(data);
    if (state === 'failed' || state === 'completed') {
      await job.retry(state);
      return 'retried';
    }
    if (state === 'delayed') {
      await job.promote();
      return 'promoted';
    }
    return 'waiting';
  }
}
