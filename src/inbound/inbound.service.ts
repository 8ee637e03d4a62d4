import { Injectable, Logger } from '@nestjs/common';
import { CustomerMessages } from '../conversations/customer-messages.service';
import { MessageBounces } from '../conversations/message-bounces.service';
import { MetricsService } from '../metrics/metrics.service';
import { InboundMail } from '../mail/mail-parser';
import { MailReading, UnreadableMail } from '../mail/mail-reader';
import { InboundMatcher } from './inbound-matcher';
import { MailSubmissions } from './mail-submissions';
import { UnmatchedMail } from './unmatched-mail';

export type InboundOutcome = 'attached' | 'duplicate' | 'unmatched' | 'new submission' | 'unreadable' | 'bounced';

/**
 * What happens to a mail that arrives (IMAP or POST /inbound/email): matched to its submission it is
 * attached as a customer message (once, by Message-ID), which reopens a pending or closed submission
 * and records the fact `message_received` (its subscribers send the webhook, the live event and the
 * assignee's notice); automatic mail (auto-replies, bulk, delivery reports) is
 * attached but changes and triggers nothing, so two helpdesks cannot loop. Unmatched mail is kept for
 * admins, or becomes a new submission of INBOUND_NEW_SUBMISSIONS_KEY. Idempotent: the same mail twice
 * changes nothing the second time.
 */
@Injectable()
export class InboundService {
  private readonly logger = new Logger(InboundService.name);

  constructor(
    private readonly matcher: InboundMatcher,
    private readonly customerMessages: CustomerMessages,
    private readonly bounces: MessageBounces,
    private readonly unmatchedMail: UnmatchedMail,
    private readonly newSubmissions: MailSubmissions,
    private readonly metrics: MetricsService,
  ) {}

  /** A message as read: received when parsed, kept for admins when unreadable. */
  take(reading: MailReading, size: number): Promise<InboundOutcome> {
    return 'mail' in reading ? this.receive(reading.mail, size) : this.keepUnreadable(reading, size);
  }

  private async receive(mail: InboundMail, size: number): Promise<InboundOutcome> {
    if (mail.bounce) {
      return this.takeBounce(mail, mail.bounce, size);
    }
    const match = await this.matcher.match(mail);
    if (match) {
      const stored = await this.customerMessages.recordCustomerMessage(match.submissionId, {
        messageId: mail.messageId,
        fromAddress: mail.from?.address ?? null,
        fromOther: match.fromOther,
        automatic: mail.automatic,
        subject: mail.subject,
        newText: mail.newText,
        quoted: mail.quoted,
        files: mail.attachments,
        mergedFromId: match.mergedFromId,
      });
      if (!stored) {
        return 'duplicate';
      }
      this.logger.log(`Mail ${stored.id} attached to submission ${stored.submissionId} (by ${match.rule})`);
      this.metrics.inboundMail('attached');
      return 'attached';
    }
    if (await this.newSubmissions.submit(mail)) {
      this.metrics.inboundMail('new_submission');
      return 'new submission';
    }
    await this.unmatchedMail.keep(
      { messageId: mail.messageId, from: mail.from?.address ?? null, subject: mail.subject },
      size,
      null,
    );
    this.metrics.inboundMail('unmatched');
    return 'unmatched';
  }

  /**
   * A bounce marks the reply it names `bounced` (when delivery failed for good) only when it is bound
   * to that reply: addressed to the reply's own return path, or quoting it (see ReturnPaths). Such a
   * bounce, a delay report, or a bounce of mail another system sent is consumed: it never becomes a
   * customer message, a new submission or unmatched mail someone must read (it is only logged). A
   * failure report that names mail of ours without its return path changes nothing: anyone who saw a
   * Message-ID can write one, so it is kept for admins as unmatched mail (where a genuine bounce of
   * mail sent before return paths existed also lands).
   */
  private async takeBounce(
    mail: InboundMail,
    bounce: NonNullable<InboundMail['bounce']>,
    size: number,
  ): Promise<InboundOutcome> {
    const result = bounce.failed ? await this.bounces.recordBounce(bounce) : 'not ours';
    if (result === 'unbound') {
      this.logger.warn(
        `A bounce naming a message of ours was not addressed to its return path: nothing marked, kept for admins`,
      );
      await this.unmatchedMail.keep(
        { messageId: mail.messageId, from: mail.from?.address ?? null, subject: mail.subject },
        size,
        null,
      );
      this.metrics.inboundMail('unmatched');
      return 'unmatched';
    }
    this.logger.log(
      result === 'marked'
        ? `A bounce (${bounce.status ?? 'no status'}) marked a message of ours as not delivered`
        : `A ${bounce.failed ? 'bounce' : 'delivery report'} that marks nothing of ours was set aside`,
    );
    this.metrics.inboundMail('bounced');
    return 'bounced';
  }

  /**
   * Keeps a message that could not be read for admins (see UnmatchedMail.keepUnreadable): never a 500,
   * never retried.
   */
  keepUnreadable(mail: UnreadableMail, size: number): Promise<InboundOutcome> {
    return this.unmatchedMail.keepUnreadable(mail, size);
  }
}
