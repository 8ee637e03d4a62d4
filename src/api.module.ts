import { ReportsRoutesModule } from './reports/reports.module';
import { SlaPoliciesRoutesModule } from './service-levels/service-levels.module';
import { RulesRoutesModule } from './rules/rules.module';
import { DynamicModule, Module } from '@nestjs/common';
import { AdminModule } from './admin/admin.module';
import { ApiKeysAdminModule } from './api-keys/api-keys-admin.module';
import { CustomFieldRoutesModule } from './custom-fields/custom-fields.module';
import { AttachmentRoutesModule } from './attachments/attachments.module';
import { MailboxRoutesModule } from './mailboxes/mailbox-routes.module';
import { StaffIdentityRoutesModule } from './staff-identity/staff-identity.module';
import { AuditRoutesModule } from './audit/audit-routes.module';
import { AuthModule } from './auth/auth.module';
import { CannedRepliesModule } from './canned-replies/canned-replies.module';
import { PrivacyAdminModule } from './privacy/privacy.module';
import { WebhooksAdminModule } from './webhooks/webhooks-admin.module';
import { AppConfig } from './config/app-config';
import { ContactModule } from './contact/contact.module';
import { HealthRoutesModule } from './health/health.module';
import { StaffAuthModule } from './staff-accounts/staff-accounts.module';
import { StaffSubmissionsModule } from './submissions/staff-api/staff-submissions.module';
import { RedeliveryRoutesModule } from './delivery/redelivery.module';
import { ConversationRoutesModule } from './conversations/conversations.module';
import { InboundRoutesModule } from './inbound/inbound.module';
import { LiveModule } from './live/live.module';
import { RatingRoutesModule } from './ratings/ratings.module';

/**
 * The HTTP API: the three contract endpoints, the staff API (sign-in, submissions, administration,
 * audit, the live event stream), probes and metrics, and the queue dashboard when configured.
 */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        AuthModule,
        ContactModule,
        HealthRoutesModule,
        StaffAuthModule,
        StaffSubmissionsModule,
        RedeliveryRoutesModule,
        ConversationRoutesModule,
        AttachmentRoutesModule,
        MailboxRoutesModule,
        StaffIdentityRoutesModule,
        CannedRepliesModule,
        SlaPoliciesRoutesModule,
        RulesRoutesModule,
        ReportsRoutesModule,
        InboundRoutesModule,
        RatingRoutesModule,
        LiveModule,
        ApiKeysAdminModule,
        CustomFieldRoutesModule,
        AuditRoutesModule,
        WebhooksAdminModule,
        PrivacyAdminModule,
        ...(config.admin.user ? [AdminModule] : []),
      ],
      exports: config.admin.user ? [AdminModule] : [],
    };
  }
}
