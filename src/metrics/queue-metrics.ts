import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { MetricsService } from './metrics.service';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** Reads the queue's job counts into the `queue_jobs` gauge when Prometheus scrapes. */
@Injectable()
export class QueueMetrics {
  constructor(
    @InjectQueue(SUBMISSIONS_QUEUE) private readonly queue: Queue,
    private readonly metrics: MetricsService,
  ) {}

  async refresh(): Promise<void> {
    try {
      const counts = await this.queue.getJobCounts(...STATES);
      for (const state of STATES) {
        this.metrics.queueJobs.set({ state }, counts[state] ?? 0);
      }
    } catch {
      // Redis away: the gauges keep their last values; readiness reports the outage.
    }
  }
}
