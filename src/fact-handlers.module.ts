import { Global, Module } from '@nestjs/common';
import { Acknowledgements } from './conversations/acknowledgements.service';
import { ConversationMerges } from './conversations/conversation-merges';
import { ConversationNotices } from './conversations/conversation-notices';
import { AcknowledgementsModule, ConversationsModule } from './conversations/conversations.module';
import { RatingsModule } from './ratings/ratings.module';
import { SatisfactionSurveys } from './ratings/satisfaction-surveys.service';
import { ReportStaleDays } from './reports/report-stale-days';
import { ReportDaysModule } from './reports/reports.module';
import { RuleRunner } from './rules/rule-runner';
import { RulesModule } from './rules/rules.module';
import { ServiceLevelsModule } from './service-levels/service-levels.module';
import { SlaTracker } from './service-levels/sla-tracker.service';
import { TRANSACTION_FACT_HANDLERS } from './submissions/facts/submission-facts';
import { WebhookFactHandlers } from './webhooks/webhook-fact-handlers';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * Every class with a handler of submission facts inside the change's transaction (`in transaction`,
 * `before commit`), in the order their handlers run in each phase. What they write commits with the
 * change, so a change must write the same rows whichever process makes it: every role (API, worker,
 * CLI) imports this one module, and the recorder refuses to start when it finds such a handler not
 * listed here, or misses one listed (test/fact-handler-tables.e2e-spec.ts compares the roles).
 *
 * Order matters before commit: service levels read the labels and status the change set, rules run
 * after them (their own facts come in the next round), then report days, staff notices and webhook
 * deliveries.
 */
const HANDLERS = [
  Acknowledgements,
  ConversationMerges,
  SatisfactionSurveys,
  SlaTracker,
  RuleRunner,
  ReportStaleDays,
  ConversationNotices,
  WebhookFactHandlers,
];

@Global()
@Module({
  imports: [
    AcknowledgementsModule,
    ConversationsModule,
    RatingsModule,
    ServiceLevelsModule,
    RulesModule,
    ReportDaysModule,
    WebhooksModule,
  ],
  providers: [{ provide: TRANSACTION_FACT_HANDLERS, useValue: HANDLERS }],
  exports: [TRANSACTION_FACT_HANDLERS],
})
export class FactHandlersModule {}
