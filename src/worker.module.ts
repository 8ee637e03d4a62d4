import { Module } from '@nestjs/common';
import { ConversationWorkerModule } from './conversations/conversations.module';
import { DeliveryModule } from './delivery/delivery.module';
import { InboundModule } from './inbound/inbound.module';
import { MailboxWorkerModule } from './mail/mail.module';
import { RetentionWorkerModule } from './privacy/privacy.module';

/**
 * The worker: delivers submissions to the staff channels, sends replies, polls the inbound mailbox
 * (its mail goes to inbound/), and runs the daily retention job.
 */
@Module({
  imports: [DeliveryModule, ConversationWorkerModule, InboundModule, MailboxWorkerModule, RetentionWorkerModule],
})
export class WorkerModule {}
