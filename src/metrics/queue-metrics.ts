import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { MetricsService } from './metrics.service';

/** Reads the queue's job counts into the `queue_jobs` gauge when Prometheus scrapes. */
@Injectable()
export class QueueMetrics {
  constructor(
    @InjectQueue(SUBMISSIONS_QUEUE) private readonly queue: Queue,
    private readonly metrics: MetricsService,
  ) {}

  async refresh(): Promise<void> {
    try {
      // Every job state BullMQ knows (waiting, active, delayed, failed, completed, ...).
      const counts = await this.queue.getJobCounts();
      for (const [state, count] of Object.entries(counts)) {
        this.metrics.queueJobs.set({ state }, count);
      }
    } catch {
      // Redis away: the gauges keep their last values; readiness reports the outage.
    }
  }
}
