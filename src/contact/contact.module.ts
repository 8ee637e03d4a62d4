import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { ServiceLevelsModule } from '../service-levels/service-levels.module';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { RulesModule } from '../rules/rules.module';
import { SpamModule } from '../spam/spam.module';
import { SubmissionOutboxModule, SubmissionsModule } from '../submissions/submissions.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

/** Taking a submission in (ContactService), without the route: inbound mail that starts a new one uses it too. */
@Module({
  imports: [
    SubmissionsModule,
    SubmissionOutboxModule,
    SpamModule,
    ServiceLevelsModule,
    RulesModule,
    CustomFieldsModule,
  ],
  providers: [ContactService],
  exports: [ContactService],
})
export class IntakeModule {}

/** The public intake: POST /contact_api.php. */
@Module({
  imports: [IntakeModule, AuthModule, RateLimitModule],
  controllers: [ContactController],
})
export class ContactModule {}
