import { DiscoveryModule } from '@nestjs/core';
import { SubmissionsPersonalData } from './personal-data/submissions-personal-data';
import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueModule } from '../queue/queue.module';
import { SubmissionDeliveryEntity } from './entities/submission-delivery.entity';
import { SubmissionEntity } from './entities/submission.entity';
import { SubmissionNoteEntity } from './entities/submission-note.entity';
import { SubmissionTagEntity } from './entities/submission-tag.entity';
import { SubmissionFieldValueEntity } from './entities/submission-field-value.entity';
import { SubmissionFieldValuesRepository } from './lifecycle/submission-field-values.repository';
import { SubmissionFields } from './lifecycle/submission-fields.service';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { SubmissionNotesRepository } from './lifecycle/submission-notes.repository';
import { SubmissionTagsRepository } from './lifecycle/submission-tags.repository';
import { SubmissionOutbox } from './lifecycle/submission-outbox.service';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionIntakeRepository } from './lifecycle/submission-intake.repository';
import { SubmissionDeliveryRepository } from './lifecycle/submission-delivery.repository';
import { SubmissionWorkflowRepository } from './lifecycle/submission-workflow.repository';
import { SubmissionRetentionRepository } from './lifecycle/submission-retention.repository';
import { StaffSubmissionsRepository } from './staff-api/staff-submissions.repository';
import { SubmissionDetailSections } from './staff-api/submission-detail-sections';
import { SubmissionChangesElsewhere } from './facts/changes-elsewhere';
import { SubmissionFactRecorder } from './facts/submission-fact-recorder';
import { SubmissionsService } from './lifecycle/submissions.service';

/**
 * A submission's life: its tables, its states, and the operator's list and retry. Its queries are split
 * by the part that asks them (issue 54, point 8), each repository registered and exported here, so a
 * room injects only the part it uses: SubmissionsRepository (one row, merge chains), the intake's,
 * the delivery state's, the workflow's, the staff list's and retention's.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      SubmissionEntity,
      SubmissionDeliveryEntity,
      SubmissionNoteEntity,
      SubmissionTagEntity,
      SubmissionFieldValueEntity,
    ]),
    CustomFieldsModule,
    QueueModule,
    AuditModule,
    DiscoveryModule,
  ],
  providers: [
    SubmissionsRepository,
    SubmissionIntakeRepository,
    SubmissionDeliveryRepository,
    SubmissionWorkflowRepository,
    StaffSubmissionsRepository,
    SubmissionRetentionRepository,
    SubmissionNotesRepository,
    SubmissionTagsRepository,
    SubmissionFieldValuesRepository,
    SubmissionFields,
    SubmissionsService,
    SubmissionDetailSections,
    SubmissionFactRecorder,
    SubmissionChangesElsewhere,
    SubmissionsPersonalData,
  ],
  exports: [
    // Its values are labelled by their key's fields: whoever reads submissions reads those too.
    CustomFieldsModule,
    SubmissionsRepository,
    SubmissionIntakeRepository,
    SubmissionDeliveryRepository,
    SubmissionWorkflowRepository,
    StaffSubmissionsRepository,
    SubmissionRetentionRepository,
    SubmissionNotesRepository,
    SubmissionTagsRepository,
    SubmissionFieldValuesRepository,
    SubmissionFields,
    SubmissionsService,
    SubmissionDetailSections,
    SubmissionFactRecorder,
    SubmissionChangesElsewhere,
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
