import { Injectable, OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';
import { QUEUE_NAMES } from './job-catalogue';
import { JobProducer } from './job-producer';

/** How long a scrape waits for a queue's counts before answering with the last ones. */
const COUNTS_TIMEOUT_MS = 1_000;

/**
 * Reads every queue's job counts into the `queue_jobs` gauge when Prometheus scrapes. With Redis away,
 * BullMQ's call would wait for it to come back, and a scrape that never answers reads as a process
 * that is down (`up` 0) rather than one that is not ready (`service_ready` 0): so each read has a
 * deadline, after which the gauges keep their last values. It lives with the queues and hands metrics/
 * its refresh (MetricsService.refreshOnScrape), so metrics/ imports nothing of queue/ (issue 54, point 5).
 */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly jobs: JobProducer,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.refreshOnScrape(() => this.refresh());
  }

  async refresh(): Promise<void> {
    await Promise.all(
      QUEUE_NAMES.map(async (queue) => {
        try {
          const counts = await Promise.race([
            this.jobs.counts(queue),
            new Promise<never>((_resolve, reject) => {
              setTimeout(() => reject(new Error('queue counts timed out')), COUNTS_TIMEOUT_MS).unref();
            }),
          ]);
          for (const [state, count] of Object.entries(counts)) {
            this.metrics.queueJobs.set({ queue, state }, count);
          }
        } catch {
          // Redis away: the gauges keep their last values; readiness reports the outage.
        }
      }),
    );
  }
}
