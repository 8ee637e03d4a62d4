import { Module } from '@nestjs/common';
import { DeliveryModule } from './delivery/delivery.module';
import { RetentionWorkerModule } from './privacy/privacy.module';

/** The staff worker: delivers submissions to the staff channels, and runs the daily retention job. */
@Module({ imports: [DeliveryModule, RetentionWorkerModule] })
export class WorkerModule {}
