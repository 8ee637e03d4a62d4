import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { StaffAccountsModule, StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionNoteEntity } from './entities/submission-note.entity';
import { StaffSubmissionsController } from './staff-submissions.controller';
import { StaffSubmissionsService } from './staff-submissions.service';
import { SubmissionNotesRepository } from './submission-notes.repository';
import { SubmissionsModule } from './submissions.module';
import { WebhooksModule } from '../webhooks/webhooks.module';

/** The staff API over submissions (the API process only). */
@Module({
  imports: [
    SubmissionsModule,
    TypeOrmModule.forFeature([SubmissionNoteEntity]),
    StaffAccountsModule,
    StaffAuthModule,
    AuditModule,
    WebhooksModule,
  ],
  controllers: [StaffSubmissionsController],
  providers: [SubmissionNotesRepository, StaffSubmissionsService],
})
export class StaffSubmissionsModule {}
