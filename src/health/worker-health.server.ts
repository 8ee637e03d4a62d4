import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { MetricsEndpoint } from '../metrics/metrics-endpoint';
import { HealthService } from './health.service';

/**
 * A worker has no HTTP API, but orchestrators still need to probe it: with ROLE=worker this serves
 * /health/live, /health/ready and /metrics on HEALTH_PORT, with the same answers as the API's routes.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHealthServer.name);
  private server?: Server;

  constructor(
    private readonly health: HealthService,
    private readonly metrics: MetricsEndpoint,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) =>
      this.server!.listen(this.config.observability.healthPort, this.config.http.host, resolve),
    );
    this.logger.log(`Worker health and metrics on port ${this.config.observability.healthPort}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    const json = (status: number, body: object) =>
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (request.method !== 'GET') {
      json(405, { status: 'error', message: 'Method not allowed' });
    } else if (path === '/health/live') {
      json(200, { status: 'ok' });
    } else if (path === '/health/ready') {
      try {
        json(200, await this.health.readiness());
      } catch (error) {
        const status = error instanceof ApiException ? error.getStatus() : 503;
        json(status, { status: 'error', message: (error as Error).message });
      }
    } else if (path === '/metrics') {
      if (!this.metrics.isAllowed(request.headers.authorization)) {
        json(401, { status: 'error', message: 'Invalid or missing metrics token' });
        return;
      }
      response.writeHead(200, { 'Content-Type': this.metrics.contentType }).end(await this.metrics.render());
    } else {
      json(404, { status: 'error', message: 'Not found' });
    }
  }
}
