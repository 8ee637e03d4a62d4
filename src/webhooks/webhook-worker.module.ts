import { Module } from '@nestjs/common';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { AuditModule } from '../audit/audit.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookProcessor } from './webhook.processor';
import { WebhooksModule } from './webhooks.module';

/** The worker side of webhooks: consumes the `webhooks` queue, one delivery attempt per job run. */
@Module({
  imports: [WebhooksModule, SubmissionsModule, ApiKeyModule, AuditModule],
  providers: [WebhookDeliveryService, WebhookProcessor],
})
export class WebhookWorkerModule {}
