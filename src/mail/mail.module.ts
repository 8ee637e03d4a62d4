import { Module } from '@nestjs/common';
import { MailboxesModule } from '../mailboxes/mailboxes.module';
import { QueueModule } from '../queue/queue.module';
import { InboundMailbox } from './inbound-mailbox';
import { MailboxPoller } from './mailbox-poller';
import { MailReader } from './mail-reader';
import { PollMailboxProcessor } from './poll-mailbox.processor';
import { SmtpMailer } from './smtp-mailer';

/**
 * Mail infrastructure, knowing nothing of submissions: SMTP sending, MIME parsing (MailReader, on
 * worker threads within a budget), and the registry inbound mail is handed to.
 */
@Module({
  // The mailbox's credentials: a password in the URLs, or the OAuth2 grant an admin connected.
  imports: [MailboxesModule],
  providers: [SmtpMailer, InboundMailbox, MailboxPoller, MailReader],
  exports: [SmtpMailer, InboundMailbox, MailboxPoller, MailReader],
})
export class MailModule {}

/** Polling INBOUND_IMAP_URL (worker process). */
@Module({ imports: [MailModule, QueueModule], providers: [PollMailboxProcessor] })
export class MailboxWorkerModule {}
