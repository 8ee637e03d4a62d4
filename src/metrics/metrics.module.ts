import { Global, Module } from '@nestjs/common';
import { MetricsEndpoint } from './metrics-endpoint';
import { MetricsPortServer } from './metrics-port.server';
import { MetricsService } from './metrics.service';

/**
 * Metrics are recorded from every module, so the service is global. Every role has it (the CLI's
 * commands run the same handlers as the service, which count); only the service's roles serve it.
 */
@Global()
@Module({
  providers: [MetricsService, MetricsEndpoint],
  exports: [MetricsService, MetricsEndpoint],
})
export class MetricsModule {}

/** METRICS_PORT's own listener, in the API and worker roles (never in a CLI command). */
@Module({ providers: [MetricsPortServer] })
export class MetricsPortModule {}
