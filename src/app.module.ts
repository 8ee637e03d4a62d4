import { ClockModule } from './clock/clock.module';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ApiModule } from './api.module';
import { ErrorEnvelopeFilter } from './http/error-envelope.filter';
import { ContractValidationPipe } from './http/validation/contract-validation.pipe';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthRoutesModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { FactHandlersModule } from './fact-handlers.module';
import { MetricsModule, MetricsPortModule } from './metrics/metrics.module';
import { QueueMetricsModule, QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';
import { WorkerModule } from './worker.module';

/**
 * The service for a role, over the shared infrastructure: `api` (ApiModule), `worker` (WorkerModule and
 * the probe and metrics routes, served on HEALTH_PORT), `all` (both, the API serving the probes).
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const roles = {
      api: [ApiModule.forRoot(config)],
      worker: [WorkerModule, HealthRoutesModule],
      all: [ApiModule.forRoot(config), WorkerModule],
    };
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueueModule,
        MetricsModule,
        MetricsPortModule,
        FactHandlersModule,
        QueueMetricsModule,
        ...roles[config.role],
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_PIPE, useFactory: () => new ContractValidationPipe() },
      ],
    };
  }
}
