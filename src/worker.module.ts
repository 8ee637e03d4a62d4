import { ReportsWorkerModule } from './reports/reports.module';
import { SlaWorkerModule } from './service-levels/service-levels.module';
import { Module } from '@nestjs/common';
import { ConversationWorkerModule } from './conversations/conversations.module';
import { DeliveryModule } from './delivery/delivery.module';
import { InboundModule } from './inbound/inbound.module';
import { LiveEventsModule } from './live/live.module';
import { MailboxWorkerModule } from './mail/mail.module';
import { RetentionWorkerModule } from './privacy/privacy.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The worker: delivers submissions to the staff channels, sends replies, polls the inbound mailbox
 * (its mail goes to inbound/), and runs the daily retention job. The facts it records (a customer's
 * mail, spam held back, a submission from mail) reach webhooks and the consoles through their subscribers.
 */
@Module({
  imports: [
    DeliveryModule,
    ConversationWorkerModule,
    InboundModule,
    MailboxWorkerModule,
    RetentionWorkerModule,
    SlaWorkerModule,
    ReportsWorkerModule,
    WebhooksModule,
    LiveEventsModule,
  ],
})
export class WorkerModule {}
