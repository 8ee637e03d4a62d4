import { Global, Module } from '@nestjs/common';
import { MetricsEndpoint } from './metrics-endpoint';
import { MetricsPortServer } from './metrics-port.server';
import { MetricsService } from './metrics.service';

/** Metrics are recorded from every module, so the service is global. */
@Global()
@Module({
  providers: [MetricsService, MetricsEndpoint, MetricsPortServer],
  exports: [MetricsService, MetricsEndpoint],
})
export class MetricsModule {}
