import { Module } from '@nestjs/common';
import { ConversationWorkerModule } from './conversations/conversations.module';
import { DeliveryModule } from './delivery/delivery.module';
import { RetentionWorkerModule } from './privacy/privacy.module';

/**
 * The worker: delivers submissions to the staff channels, sends replies, and runs the daily
 * retention job.
 */
@Module({ imports: [DeliveryModule, ConversationWorkerModule, RetentionWorkerModule] })
export class WorkerModule {}
