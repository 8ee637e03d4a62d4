import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { ConversationMessageEntity } from '../conversations/entities/conversation-message.entity';
import { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { StaffAccountsModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SubmissionsModule } from '../submissions/submissions.module';
import { RuleTurnEntity } from './entities/rule-turn.entity';
import { RuleEntity } from './entities/rule.entity';
import { RoundRobin } from './round-robin';
import { RuleCache } from './rule-cache';
import { RuleActions } from './rule-actions';
import { RuleRunner } from './rule-runner';
import { RuleSubjectsRepository } from './rule-subjects.repository';
import { RuleTurnsRepository } from './rule-turns.repository';
import { RulesController } from './rules.controller';
import { RulesRepository } from './rules.repository';
import { RulesService } from './rules.service';

/**
 * Rules in every process that takes submissions in or changes them: the rules in memory, and the
 * runner that applies them at intake and in the transaction of a status change or a customer's mail.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      RuleEntity,
      RuleTurnEntity,
      SubmissionEntity,
      ConversationMessageEntity,
      StaffAccountEntity,
    ]),
    SubmissionsModule,
    AuditModule,
  ],
  providers: [
    RulesRepository,
    RuleTurnsRepository,
    RuleSubjectsRepository,
    RuleCache,
    RoundRobin,
    RuleActions,
    RuleRunner,
  ],
  exports: [RulesRepository, RuleTurnsRepository, RuleSubjectsRepository, RuleCache, RuleRunner],
})
export class RulesModule {}

/** The rules' staff routes (API process). */
@Module({
  imports: [RulesModule, StaffAccountsModule, AuditModule, SubmissionsModule, CustomFieldsModule],
  controllers: [RulesController],
  providers: [RulesService],
})
export class RulesRoutesModule {}
