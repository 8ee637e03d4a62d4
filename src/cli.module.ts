import { ReportsCommandsModule } from './reports/reports.module';
import { ClockModule } from './clock/clock.module';
import { DynamicModule, Module } from '@nestjs/common';
import { ApiKeyModule } from './api-keys/api-key.module';
import {
  CreateKeyCommand,
  KeysCommand,
  ListKeysCommand,
  RevokeKeyCommand,
  SetKeyLimitCommand,
  SetKeyRetentionCommand,
  SetKeyReplyFromCommand,
  SetKeyAutoAckCommand,
  SetKeySpamFilterCommand,
  SetKeyCsatCommand,
} from './api-keys/commands/keys.command';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { FactHandlersModule } from './fact-handlers.module';
import { MetricsModule } from './metrics/metrics.module';
import { RedisModule } from './redis/redis.module';
import { SpamModule } from './spam/spam.module';
import {
  ListSubmissionsCommand,
  RetrySubmissionsCommand,
  SubmissionsCommand,
} from './delivery/commands/submissions.command';
import { RedeliveryModule } from './delivery/redelivery.module';
import { STAFF_COMMANDS } from './staff-accounts/commands/staff.command';
import { FIELDS_COMMANDS } from './custom-fields/commands/fields.command';
import { CustomFieldsModule } from './custom-fields/custom-fields.module';
import { StaffAccountsModule } from './staff-accounts/staff-accounts.module';
import { StaffIdentityCommandsModule } from './staff-identity/staff-identity.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { PRIVACY_COMMANDS } from './privacy/commands/privacy.command';
import { PrivacyModule } from './privacy/privacy.module';
import { WEBHOOK_COMMANDS } from './webhooks/commands/webhooks.command';
import { WebhooksModule } from './webhooks/webhooks.module';
import { ConversationsModule } from './conversations/conversations.module';
import { RatingsModule } from './ratings/ratings.module';

/** The operator's command line: the app's own modules, no HTTP and no worker. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        DatabaseModule,
        // What a change made here runs is what it runs in the service: the same fact handlers, and
        // what they need (the rules' and service levels' caches hear of changes on Redis; they count).
        RedisModule,
        MetricsModule,
        FactHandlersModule,
        // A staff change's after-commit work that is not a role's own (spam marks learn from statuses).
        SpamModule,
        ApiKeyModule,
        SubmissionsModule,
        RedeliveryModule,
        StaffAccountsModule,
        WebhooksModule,
        CustomFieldsModule,
        // The rooms whose rows a privacy command deletes or exports (their ports; see PersonalDataPorts).
        ConversationsModule,
        RatingsModule,
        PrivacyModule,
        StaffIdentityCommandsModule,
        ReportsCommandsModule,
      ],
      providers: [
        KeysCommand,
        CreateKeyCommand,
        ListKeysCommand,
        RevokeKeyCommand,
        SetKeyLimitCommand,
        SetKeyRetentionCommand,
        SetKeyReplyFromCommand,
        SetKeyAutoAckCommand,
        SetKeySpamFilterCommand,
        SetKeyCsatCommand,
        SubmissionsCommand,
        ListSubmissionsCommand,
        RetrySubmissionsCommand,
        ...STAFF_COMMANDS,
        ...FIELDS_COMMANDS,
        ...WEBHOOK_COMMANDS,
        ...PRIVACY_COMMANDS,
      ],
    };
  }
}
