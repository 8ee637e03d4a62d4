import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { AttachmentStore } from '../attachments/attachment-store';
import { AppConfig } from '../config/app-config';
import { ContactService } from '../contact/contact.service';
import { FieldCipher } from '../database/field-cipher';
import { ConversationsService } from '../conversations/conversations.service';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { MetricsService } from '../metrics/metrics.service';
import { InboundMatcher } from './inbound-matcher';
import { InboundUnmatchedRepository } from './inbound-unmatched.repository';
import { senderDomainAuthenticated } from '../mail/authentication-results';
import { InboundMail } from '../mail/mail-parser';
import { MailReading, UnreadableMail } from '../mail/mail-reader';

export type InboundOutcome = 'attached' | 'duplicate' | 'unmatched' | 'new submission' | 'unreadable' | 'bounced';

/** The longest text a submission holds (the contact form's bounds). */
const MESSAGE_MAX = 10_000;
const NAME_MAX = 200;

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
    private readonly conversations: ConversationsService,
    private readonly unmatched: InboundUnmatchedRepository,
    private readonly contact: ContactService,
    private readonly apiKeys: ApiKeysRepository,
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
    private readonly cipher: FieldCipher,
    private readonly files: AttachmentStore,
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
      const stored = await this.conversations.recordCustomerMessage(match.submissionId, {
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
    const keyId = this.config.inbound.newSubmissionsKeyId;
    const newSubmissionsKey = keyId && !mail.automatic && mail.from ? await this.apiKeys.findById(keyId) : null;
    if (newSubmissionsKey && mail.from) {
      const submissionId = await this.contact.submit(
        {
          name: [...(mail.from.name || mail.from.address)].slice(0, NAME_MAX).join(''),
          email: mail.from.address,
          message: [...`${mail.subject}\n\n${mail.newText}`.trim()].slice(0, MESSAGE_MAX).join(''),
        },
        {
          apiKeyId: newSubmissionsKey.id,
          spamFilter: newSubmissionsKey.spamFilter,
          clientIp: '0.0.0.0',
          userAgent: 'inbound mail',
          // The sender's keyed hash and the Message-ID: the same mail twice is one submission, and a
          // stranger who used the Message-ID first does not swallow the person's own mail.
          idempotencyKey: `mail:${this.cipher.emailHash(mail.from.address)}:${mail.messageId}`,
          subject: mail.subject,
          // Anyone can write any From: only the trusted receiving server's verdict on its domain lets
          // the key's acknowledgement go to that address (decided here, where the headers are).
          senderVerified: senderDomainAuthenticated(
            mail.authenticationResults,
            mail.from.address.slice(mail.from.address.lastIndexOf('@') + 1),
            this.config.inbound.trustedAuthservIds,
          ),
        },
      );
      // The same mail again finds its submission (idempotent) and stores the files only if they are not yet there.
      await this.files.storeRequestFiles(submissionId, mail.attachments);
      this.metrics.inboundMail('new_submission');
      return 'new submission';
    }
    await this.keep({ messageId: mail.messageId, from: mail.from?.address ?? null, subject: mail.subject }, size, null);
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
    const result = bounce.failed ? await this.conversations.recordBounce(bounce) : 'not ours';
    if (result === 'unbound') {
      this.logger.warn(
        `A bounce naming a message of ours was not addressed to its return path: nothing marked, kept for admins`,
      );
      await this.keep(
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
   * Keeps a message that could not be read (over the parsing budget, malformed, or failing again and
   * again) for admins, with what its headers said at a glance and why: never a 500, never retried.
   */
  async keepUnreadable(mail: UnreadableMail, size: number): Promise<InboundOutcome> {
    await this.keep(mail, size, mail.unreadable);
    this.logger.warn(`Unreadable mail kept for admins (${mail.unreadable}, ${size} bytes)`);
    this.metrics.inboundMail('unreadable');
    return 'unreadable';
  }

  private async keep(
    mail: { messageId: string; from: string | null; subject: string | null },
    size: number,
    reason: string | null,
  ): Promise<void> {
    const dropped = await this.unmatched.keep(
      {
        id: uuidv7(),
        messageId: mail.messageId,
        fromAddress: mail.from,
        subject: mail.subject?.slice(0, 500) || null,
        size,
        reason,
        encKeyId: null,
        receivedAt: new Date(),
      },
      this.config.inbound.unmatchedMax,
    );
    this.metrics.unmatchedMailDropped(dropped);
  }
}
