import { DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { MetricsController } from '../metrics/metrics.controller';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { WorkerHealthServer } from './worker-health.server';

/**
 * Probes and metrics endpoints: HTTP routes when the process serves HTTP, a small server of its own on
 * HEALTH_PORT when it is only a worker.
 */
@Module({})
export class HealthModule {
  static forRole(servesHttp: boolean): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: servesHttp ? [HealthController, MetricsController] : [],
      providers: servesHttp ? [HealthService] : [HealthService, WorkerHealthServer],
    };
  }
}
