import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '../config/app-config';
import { startSidePort } from '../health/side-port.server';
import { MetricsEndpoint } from './metrics-endpoint';

/** METRICS_PORT: /metrics on a listener of its own, bound to METRICS_HOST (default 127.0.0.1). */
@Injectable()
export class MetricsPortServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: FastifyInstance;

  constructor(
    private readonly endpoint: MetricsEndpoint,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { metricsPort, metricsHost } = this.config.observability;
    if (metricsPort === undefined) {
      return;
    }
    this.server = await startSidePort(metricsHost, metricsPort, { '/metrics': this.endpoint.serveDedicated });
    this.logger.log(`Metrics on http://${metricsHost}:${metricsPort}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}
