import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '../queue/job-catalogue';
import { JobProducer } from '../queue/job-producer';
import { MetricsService } from './metrics.service';

/** Reads every queue's job counts into the `queue_jobs` gauge when Prometheus scrapes. */
@Injectable()
export class QueueMetrics {
  constructor(
    private readonly jobs: JobProducer,
    private readonly metrics: MetricsService,
  ) {}

  async refresh(): Promise<void> {
    await Promise.all(
      QUEUE_NAMES.map(async (queue) => {
        try {
          for (const [state, count] of Object.entries(await this.jobs.counts(queue))) {
            this.metrics.queueJobs.set({ queue, state }, count);
          }
        } catch {
          // Redis away: the gauges keep their last values; readiness reports the outage.
        }
      }),
    );
  }
}
