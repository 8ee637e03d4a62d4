import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { QueueModule } from '../queue/queue.module';
import { StaffAccountsModule, StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionNoteEntity } from './entities/submission-note.entity';
import { StaffSubmissionsController } from './staff-submissions.controller';
import { StaffSubmissionsService } from './staff-submissions.service';
import { SubmissionNotesRepository } from './submission-notes.repository';
import { SubmissionDeliveryEntity } from './entities/submission-delivery.entity';
import { SubmissionEntity } from './entities/submission.entity';
import { SubmissionOutbox } from './submission-outbox.service';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

/** A submission's life: its tables, its states, and the operator's list and retry. */
@Module({
  imports: [TypeOrmModule.forFeature([SubmissionEntity, SubmissionDeliveryEntity]), QueueModule],
  providers: [SubmissionsRepository, SubmissionsService],
  exports: [SubmissionsRepository, SubmissionsService],
})
export class SubmissionsModule {}

/** The outbox and its relay, for the processes that take submissions in. */
@Module({
  imports: [SubmissionsModule, QueueModule],
  providers: [SubmissionOutbox],
  exports: [SubmissionOutbox],
})
export class SubmissionOutboxModule {}

/** The staff API over submissions (the API process only). */
@Module({
  imports: [
    SubmissionsModule,
    TypeOrmModule.forFeature([SubmissionNoteEntity]),
    StaffAccountsModule,
    StaffAuthModule,
    AuditModule,
  ],
  controllers: [StaffSubmissionsController],
  providers: [SubmissionNotesRepository, StaffSubmissionsService],
})
export class StaffSubmissionsModule {}
