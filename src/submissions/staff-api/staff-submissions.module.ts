import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module';
import { CustomFieldsModule } from '../../custom-fields/custom-fields.module';
import { StaffAccountsModule } from '../../staff-accounts/staff-accounts.module';
import { StaffSubmissionsController } from './staff-submissions.controller';
import { StaffSubmissionFilter } from './staff-submission-filter';
import { SubmissionChangesService } from '../changes/submission-changes.service';
import { SubmissionFieldChanges } from '../changes/submission-field-changes';
import { SubmissionDetailService } from './submission-detail.service';
import { SubmissionExportService } from './submission-export.service';
import { SubmissionListService } from './submission-list.service';
import { SubmissionMergeService } from '../changes/submission-merge.service';
import { SubmissionNotesService } from './submission-notes.service';
import { SubmissionsModule } from '../submissions.module';

/** The staff API over submissions (the API process only). */
@Module({
  imports: [SubmissionsModule, CustomFieldsModule, StaffAccountsModule, AuditModule],
  controllers: [StaffSubmissionsController],
  providers: [
    StaffSubmissionFilter,
    SubmissionListService,
    SubmissionDetailService,
    SubmissionChangesService,
    SubmissionFieldChanges,
    SubmissionMergeService,
    SubmissionNotesService,
    SubmissionExportService,
  ],
  exports: [SubmissionListService],
})
export class StaffSubmissionsModule {}
