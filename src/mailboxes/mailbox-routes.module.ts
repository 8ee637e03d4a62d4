import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MailboxConnectService } from './mailbox-connect.service';
import { MailboxController } from './mailbox.controller';
import { MailboxMetrics } from './mailbox-metrics';
import { MailboxesModule } from './mailboxes.module';

/**
 * GET/DELETE /staff/api/mailbox, connecting it by OAuth2, and the `mailbox_connected` gauge (the API
 * process). In a file of its own: staff routes need mail/ (invitations), which needs MailboxesModule.
 */
@Module({
  imports: [MailboxesModule, AuditModule],
  controllers: [MailboxController],
  providers: [MailboxConnectService, MailboxMetrics],
})
export class MailboxRoutesModule {}
