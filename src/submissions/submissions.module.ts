import { DiscoveryModule } from '@nestjs/core';
import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueModule } from '../queue/queue.module';
import { SubmissionDeliveryEntity } from './entities/submission-delivery.entity';
import { SubmissionEntity } from './entities/submission.entity';
import { SubmissionNoteEntity } from './entities/submission-note.entity';
import { SubmissionTagEntity } from './entities/submission-tag.entity';
import { SubmissionNotesRepository } from './lifecycle/submission-notes.repository';
import { SubmissionTagsRepository } from './lifecycle/submission-tags.repository';
import { SubmissionOutbox } from './lifecycle/submission-outbox.service';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionDetailSections } from './staff-api/submission-detail-sections';
import { SubmissionFactRecorder } from './facts/submission-fact-recorder';
import { SubmissionsService } from './lifecycle/submissions.service';

/** A submission's life: its tables, its states, and the operator's list and retry. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SubmissionEntity, SubmissionDeliveryEntity, SubmissionNoteEntity, SubmissionTagEntity]),
    QueueModule,
    AuditModule,
    DiscoveryModule,
  ],
  providers: [
    SubmissionsRepository,
    SubmissionNotesRepository,
    SubmissionTagsRepository,
    SubmissionsService,
    SubmissionDetailSections,
    SubmissionFactRecorder,
  ],
  exports: [
    SubmissionsRepository,
    SubmissionNotesRepository,
    SubmissionTagsRepository,
    SubmissionsService,
    SubmissionDetailSections,
    SubmissionFactRecorder,
  ],
})
export class SubmissionsModule {}

/** The outbox and its relay, for the processes that take submissions in. */
@Module({
  imports: [SubmissionsModule, QueueModule],
  providers: [SubmissionOutbox],
  exports: [SubmissionOutbox],
})
export class SubmissionOutboxModule {}
