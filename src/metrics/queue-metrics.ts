import { Injectable } from '@nestjs/common';
import { JobProducer } from '../queue/job-producer';
import { SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { MetricsService } from './metrics.service';

/** Reads the submissions queue's job counts into the `queue_jobs` gauge when Prometheus scrapes. */
@Injectable()
export class QueueMetrics {
  constructor(
    private readonly jobs: JobProducer,
    private readonly metrics: MetricsService,
  ) {}

  async refresh(): Promise<void> {
    try {
      for (const [state, count] of Object.entries(await this.jobs.counts(SUBMISSIONS_QUEUE))) {
        this.metrics.queueJobs.set({ state }, count);
      }
    } catch {
      // Redis away: the gauges keep their last values; readiness reports the outage.
    }
  }
}
