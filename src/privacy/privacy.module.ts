import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentsModule } from '../attachments/attachments.module';
import { AuditModule } from '../audit/audit.module';
import { QueueModule } from '../queue/queue.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { RefreshTokenStoreModule } from '../auth/refresh-token-store.module';
import { ReportDaysModule } from '../reports/reports.module';
import { SealedRowsRepository } from '../database/sealed-rows.repository';
import { SubmissionDeletion } from './submission-deletion.service';
import { ConversationsModule } from '../conversations/conversations.module';
import { RatingsModule } from '../ratings/ratings.module';
import { PrivacyAdminController } from './privacy-admin.controller';
import { PrivacyService } from './privacy.service';
import { RetentionProcessor } from './retention.processor';
import { RetentionService } from './retention.service';
import { ErasureLogEntryEntity } from './entities/erasure-log-entry.entity';
import { ErasureLogRepository } from './erasure-log.repository';
import { ErasureLog } from './erasure-log.service';
import { ErasureLogStartup } from './erasure-log-startup.service';

/** Personal data: retention, export and erasure (API, worker and CLI). */
@Module({
  imports: [
    TypeOrmModule.forFeature([ErasureLogEntryEntity]),
    AuditModule,
    QueueModule,
    SubmissionsModule,
    WebhooksModule,
    ConversationsModule,
    AttachmentsModule,
    ApiKeyModule,
    RefreshTokenStoreModule,
    RatingsModule,
    ReportDaysModule,
  ],
  providers: [
    SealedRowsRepository,
    SubmissionDeletion,
    ErasureLogRepository,
    ErasureLog,
    PrivacyService,
    RetentionService,
  ],
  exports: [PrivacyService, RetentionService, ErasureLog],
})
export class PrivacyModule {}

/**
 * Erasures missing from a restored database applied again at start-up (API and worker; one instance
 * in a process that runs both, since Nest builds a module once).
 */
@Module({ imports: [PrivacyModule], providers: [ErasureLogStartup] })
export class ErasureLogStartupModule {}

/** The admin routes (API process). */
@Module({ imports: [PrivacyModule, ErasureLogStartupModule], controllers: [PrivacyAdminController] })
export class PrivacyAdminModule {}

/** The daily retention job (worker process). */
@Module({
  imports: [PrivacyModule, ErasureLogStartupModule, QueueModule, AttachmentsModule],
  providers: [RetentionProcessor],
})
export class RetentionWorkerModule {}
