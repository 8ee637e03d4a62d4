import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentsModule } from '../attachments/attachments.module';
import { AuditModule } from '../audit/audit.module';
import { QueueModule } from '../queue/queue.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { RefreshTokenStoreModule } from '../auth/refresh-token-store.module';
import { SealedRowsRepository } from '../database/sealed-rows.repository';
import { PersonalDataPorts } from './personal-data-ports';
import { SubmissionDeletion } from './submission-deletion.service';
import { PrivacyAdminController } from './privacy-admin.controller';
import { PrivacyService } from './privacy.service';
import { RetentionProcessor } from './retention.processor';
import { RetentionService } from './retention.service';
import { ErasureLogEntryEntity } from './entities/erasure-log-entry.entity';
import { ErasureLogRepository } from './erasure-log.repository';
import { ErasureLog } from './erasure-log.service';
import { ErasureLogStartup } from './erasure-log-startup.service';

/**
 * Personal data: retention, export and erasure (API, worker and CLI). It imports no room that keeps
 * rows per submission: each provides its port in its own module (see PersonalDataPorts), and every
 * role that imports this must import those modules too, or it does not start.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ErasureLogEntryEntity]),
    DiscoveryModule,
    AuditModule,
    SubmissionsModule,
    ApiKeyModule,
    RefreshTokenStoreModule,
  ],
  providers: [
    SealedRowsRepository,
    PersonalDataPorts,
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
