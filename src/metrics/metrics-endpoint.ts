import { HttpStatus, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ApiException } from '../http/api-exception';
import { AppConfig } from '../config/app-config';
import { MetricsService } from './metrics.service';

/**
 * What GET /metrics answers, wherever it is served: the API's port, the worker's health port, and the
 * dedicated METRICS_PORT. Metrics name API key ids, so in production the shared ports serve them only
 * behind METRICS_TOKEN; METRICS_PORT (bound to METRICS_HOST) is for operators who keep scrapes on a
 * private address instead.
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { metricsToken, metricsPort } = this.config.observability;
    if (this.config.env === 'production' && !metricsToken && metricsPort === undefined) {
      this.logger.warn('Metrics are not served: set METRICS_TOKEN (bearer on /metrics) or METRICS_PORT');
    }
  }

  /** GET /metrics on the API's port or the worker's health port. */
  readonly serveShared = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = this.config.observability.metricsToken;
    if (!token && this.config.env === 'production') {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    if (token && !sameBearer(request.headers.authorization, token)) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'Invalid or missing metrics token', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    await this.send(reply);
  };

  /** GET /metrics on METRICS_PORT: reachable only where the operator bound it. */
  readonly serveDedicated = async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await this.send(reply);
  };

  private async send(reply: FastifyReply): Promise<void> {
    await this.metrics.refreshForScrape();
    await reply.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}

function sameBearer(authorization: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
