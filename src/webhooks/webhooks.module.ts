import { SubmissionsModule } from '../submissions/submissions.module';
import { WebhooksPersonalData } from './webhooks-personal-data';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { AuditModule } from '../audit/audit.module';
import { QueueModule } from '../queue/queue.module';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WebhookDestinationEntity } from './entities/webhook-destination.entity';
import { WebhookFactHandlers } from './webhook-fact-handlers';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Webhook destinations, the dispatch of events to them, and their part in the staff workflow (API, worker and CLI). */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookDestinationEntity, WebhookDeliveryEntity, WebhookAttemptEntity]),
    ApiKeyModule,
    AuditModule,
    QueueModule,
    // The facts of submissions (webhooks subscribe to them) and their rows.
    SubmissionsModule,
  ],
  providers: [WebhooksRepository, WebhooksService, WebhookFactHandlers, WebhooksPersonalData],
  exports: [WebhooksRepository, WebhooksService],
})
export class WebhooksModule {}
