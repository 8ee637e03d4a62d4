import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { SubmissionOutboxModule, SubmissionsModule } from '../submissions/submissions.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

/** The public intake: POST /contact_api.php. */
@Module({
  imports: [SubmissionsModule, SubmissionOutboxModule, AuthModule, RateLimitModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
