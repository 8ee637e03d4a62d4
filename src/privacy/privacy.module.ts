import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { QueueModule } from '../queue/queue.module';
import { StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PersonalDataRepository } from './personal-data.repository';
import { PrivacyAdminController } from './privacy-admin.controller';
import { PrivacyService } from './privacy.service';
import { RetentionProcessor } from './retention.processor';
import { RetentionService } from './retention.service';

/** Personal data: retention, export and erasure (API, worker and CLI). */
@Module({
  imports: [AuditModule, QueueModule, SubmissionsModule, WebhooksModule],
  providers: [PersonalDataRepository, PrivacyService, RetentionService],
  exports: [PrivacyService, RetentionService],
})
export class PrivacyModule {}

/** The admin routes (API process). */
@Module({ imports: [PrivacyModule, StaffAuthModule], controllers: [PrivacyAdminController] })
export class PrivacyAdminModule {}

/** The daily retention job (worker process). */
@Module({ imports: [PrivacyModule, QueueModule], providers: [RetentionProcessor] })
export class RetentionWorkerModule {}
