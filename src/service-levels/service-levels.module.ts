import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { QueueModule } from '../queue/queue.module';
import { SubmissionTagEntity } from '../submissions/entities/submission-tag.entity';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SubmissionsModule } from '../submissions/submissions.module';
import { SlaPolicyEntity } from './entities/sla-policy.entity';
import { SlaPoliciesController } from './sla-policies.controller';
import { SlaPoliciesRepository } from './sla-policies.repository';
import { SlaPoliciesService } from './sla-policies.service';
import { SlaPolicyCache } from './sla-policy-cache';
import { SlaSweep } from './sla-sweep.service';
import { SlaTracker } from './sla-tracker.service';
import { SlaProcessor } from './sla.processor';
import { SubmissionSlaRepository } from './submission-sla.repository';

/**
 * Service levels in every process that takes submissions in or changes them: the policies in memory,
 * and the tracker that sets a submission's targets at intake and after each change.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([SlaPolicyEntity, SubmissionEntity, SubmissionTagEntity]),
    SubmissionsModule,
    QueueModule,
  ],
  providers: [SlaPoliciesRepository, SubmissionSlaRepository, SlaPolicyCache, SlaTracker],
  exports: [SlaPoliciesRepository, SubmissionSlaRepository, SlaPolicyCache, SlaTracker],
})
export class ServiceLevelsModule {}

/** The policies' staff routes (API process). */
@Module({
  imports: [ServiceLevelsModule, AuditModule, CustomFieldsModule],
  controllers: [SlaPoliciesController],
  providers: [SlaPoliciesService],
})
export class SlaPoliciesRoutesModule {}

/** Breaches: the check jobs at due times and the sweep that catches up what they missed (worker process). */
@Module({
  imports: [ServiceLevelsModule, QueueModule],
  providers: [SlaProcessor, SlaSweep],
})
export class SlaWorkerModule {}
