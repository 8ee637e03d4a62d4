import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { AppConfig } from '../config/app-config';
import { ContactService } from '../contact/contact.service';
import { FieldCipher } from '../database/field-cipher';
import { ConversationsService } from '../conversations/conversations.service';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { LiveEvents } from '../live/live-events';
import { MetricsService } from '../metrics/metrics.service';
import { JobProducer } from '../queue/job-producer';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { WebhooksService } from '../webhooks/webhooks.service';
import { InboundMatcher } from './inbound-matcher';
import { InboundUnmatchedRepository } from './inbound-unmatched.repository';
import { InboundMail } from '../mail/mail-parser';

export type InboundOutcome = 'attached' | 'duplicate' | 'unmatched' | 'new submission';

/** The longest text a submission holds (the contact form's bounds). */
const MESSAGE_MAX = 10_000;
const NAME_MAX = 200;

/**
 * What happens to a mail that arrives (IMAP or POST /inbound/email): matched to its submission it is
 * attached as a customer message (once, by Message-ID), reopens a pending or closed submission and
 * emits `submission.message_received`; automatic mail (auto-replies, bulk, delivery reports) is
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
    private readonly submissions: SubmissionsRepository,
    private readonly webhooks: WebhooksService,
    private readonly unmatched: InboundUnmatchedRepository,
    private readonly contact: ContactService,
    private readonly apiKeys: ApiKeysRepository,
    private readonly metrics: MetricsService,
    private readonly jobs: JobProducer,
    private readonly live: LiveEvents,
    private readonly config: AppConfig,
    private readonly cipher: FieldCipher,
  ) {}

  async receive(mail: InboundMail, size: number): Promise<InboundOutcome> {
    const match = await this.matcher.match(mail);
    if (match) {
      const stored = await this.conversations.recordCustomerMessage(match.submissionId, {
        messageId: mail.messageId,
        fromAddress: mail.from?.address ?? null,
        fromOther: match.fromOther,
        automatic: mail.automatic,
        subject: mail.subject,
        newText: mail.newText,
        quoted: quotedOf(mail),
        attachments: mail.attachments,
      });
      if (!stored) {
        return 'duplicate';
      }
      this.logger.log(`Mail ${stored.id} attached to submission ${match.submissionId} (by ${match.rule})`);
      this.metrics.inboundMail('attached');
      this.live.publish({ type: 'message.received', id: match.submissionId });
      if (!mail.automatic) {
        const submission = await this.submissions.findById(match.submissionId);
        if (submission?.assigneeId) {
          await this.jobs
            .enqueue('notifyAssignee', [{ messageId: stored.id }])
            .catch((error: Error) => this.logger.warn(`Assignee of ${submission.id} not notified: ${error.message}`));
        }
        if (submission) {
          await this.webhooks
            .dispatch(submission.id, submission.apiKeyId, 'submission.message_received', stored.id, {
              eventData: { message_id: stored.id, from_other: match.fromOther },
            })
            .catch((error: Error) =>
              this.logger.warn(`message_received of ${submission.id} not queued: ${error.message}`),
            );
        }
      }
      return 'attached';
    }
    const keyId = this.config.mail.newSubmissionsKeyId;
    const newSubmissionsKey = keyId && !mail.automatic && mail.from ? await this.apiKeys.findById(keyId) : null;
    if (newSubmissionsKey && mail.from) {
      await this.contact.submit(
        {
          name: [...(mail.from.name || mail.from.address)].slice(0, NAME_MAX).join(''),
          email: mail.from.address,
          message: [...`${mail.subject}\n\n${mail.newText}`.trim()].slice(0, MESSAGE_MAX).join(''),
        },
        // The Message-ID and the sender's keyed hash as the Idempotency-Key: the same mail twice is one
        // submission, and a stranger who used someone's Message-ID first does not swallow their mail.
        {
          apiKeyId: newSubmissionsKey.id,
          spamFilter: newSubmissionsKey.spamFilter,
          clientIp: '0.0.0.0',
          userAgent: 'inbound mail',
          idempotencyKey: `mail:${this.cipher.emailHash(mail.from.address)}:${mail.messageId}`,
        },
      );
      this.metrics.inboundMail('new_submission');
      return 'new submission';
    }
    await this.unmatched.keep({
      id: uuidv7(),
      messageId: mail.messageId,
      fromAddress: mail.from?.address ?? null,
      subject: mail.subject.slice(0, 500) || null,
      size,
      encKeyId: null,
      receivedAt: new Date(),
    });
    this.metrics.inboundMail('unmatched');
    return 'unmatched';
  }
}

/** The quoted history: what the whole text has beyond the new text (the console folds it). */
function quotedOf(mail: InboundMail): string | null {
  const rest = mail.text.startsWith(mail.newText) ? mail.text.slice(mail.newText.length) : '';
  return rest.trim() === '' ? null : rest.trim();
}
