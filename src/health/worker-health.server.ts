import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '../config/app-config';
import { MetricsEndpoint } from '../metrics/metrics-endpoint';
import { HealthService } from './health.service';
import { startSidePort } from './side-port.server';

/**
 * A worker has no HTTP API, but orchestrators still need to probe it: with ROLE=worker this serves
 * /health/live, /health/ready and /metrics on HEALTH_PORT, with the same answers as the API's routes.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHealthServer.name);
  private server?: FastifyInstance;

  constructor(
    private readonly health: HealthService,
    private readonly metrics: MetricsEndpoint,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.observability.healthPort;
    this.server = await startSidePort(this.config.http.host, port, {
      '/health/live': () => Promise.resolve({ status: 'ok' }),
      '/health/ready': () => this.health.readiness(),
      '/metrics': this.metrics.serveShared,
    });
    this.logger.log(`Worker health and metrics on port ${port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}
