import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { MetricsService } from './metrics.service';
import { QueueMetrics } from './queue-metrics';

/** What GET /metrics answers, shared by the API's route and the worker's health port. */
@Injectable()
export class MetricsEndpoint {
  constructor(
    private readonly metrics: MetricsService,
    private readonly queueMetrics: QueueMetrics,
    private readonly config: AppConfig,
  ) {}

  /** True when METRICS_TOKEN is unset or the Authorization header carries it as a bearer token. */
  isAllowed(authorization: string | undefined): boolean {
    const token = this.config.observability.metricsToken;
    if (!token) {
      return true;
    }
    const expected = Buffer.from(`Bearer ${token}`);
    const given = Buffer.from(authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  get contentType(): string {
    return this.metrics.registry.contentType;
  }

  async render(): Promise<string> {
    await this.queueMetrics.refresh();
    return this.metrics.registry.metrics();
  }
}
