import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AdminModule } from './admin/admin.module';
import { ApiKeyModule } from './api-keys/api-key.module';
import { AuthModule } from './auth/auth.module';
import { ErrorEnvelopeFilter } from './common/error-envelope.filter';
import { ContractValidationPipe } from './common/validation/contract-validation.pipe';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ContactModule } from './contact/contact.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';
import { StaffModule } from './staff/staff.module';

/**
 * The whole service, composed for a role: `api` serves HTTP and produces jobs, `worker` consumes the
 * queue (no HTTP), `all` does both in one process.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const http = config.servesHttp ? [ApiKeyModule, AuthModule, ContactModule] : [];
    const worker = config.runsWorker ? [StaffModule] : [];
    const admin = config.servesHttp && config.admin.user ? [AdminModule] : [];
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueueModule,
        MetricsModule,
        HealthModule.forRole(config.servesHttp),
        ...http,
        ...worker,
        ...admin,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_PIPE, useClass: ContractValidationPipe },
      ],
    };
  }
}
