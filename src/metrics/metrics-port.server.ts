import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Fastify, { FastifyInstance } from 'fastify';
import { HttpStatus } from '@nestjs/common';
import { ApiException, sendError } from '../http/api-exception';
import { AppConfig } from '../config/app-config';
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
    const server = Fastify({ logger: false });
    server.get('/metrics', this.endpoint.serveDedicated);
    server.setNotFoundHandler((_request, reply) => sendError(reply, HttpStatus.NOT_FOUND, 'Not found'));
    server.setErrorHandler((error, _request, reply) =>
      error instanceof ApiException
        ? sendError(reply, error)
        : sendError(reply, HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error'),
    );
    await server.listen({ host: metricsHost, port: metricsPort });
    this.server = server;
    this.logger.log(`Metrics on http://${metricsHost}:${metricsPort}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}
