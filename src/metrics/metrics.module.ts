import { Global, Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { MetricsEndpoint } from './metrics-endpoint';
import { MetricsPortServer } from './metrics-port.server';
import { MetricsService } from './metrics.service';
import { QueueMetrics } from './queue-metrics';

/** Metrics are recorded from every module, so the service is global. */
@Global()
@Module({
  imports: [QueueModule],
  providers: [MetricsService, QueueMetrics, MetricsEndpoint, MetricsPortServer],
  exports: [MetricsService, MetricsEndpoint],
})
export class MetricsModule {}
