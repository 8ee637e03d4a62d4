import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { FieldCipher } from '../database/field-cipher';
import { isDuplicateKey } from '../database/duplicate-key';
import { MetricsService } from '../metrics/metrics.service';
import { fillAcknowledgement } from './ack-text';
import { AckThrottle } from './ack-throttle';
import { canonicalMailbox } from './canonical-mailbox';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { ConversationsService } from './conversations.service';
import { newConversationMessage } from './entities/new-conversation-message';
import { MESSAGE_STATE } from './message-state';
import { ThreadIds } from './thread-ids';

/** Automatic acknowledgements (worker side: the throttle lives in Redis). */
@Injectable()
export class Acknowledgements {
  private readonly logger = new Logger(Acknowledgements.name);

  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly conversations: ConversationsService,
    private readonly ids: ThreadIds,
    private readonly ackThrottle: AckThrottle,
    private readonly cipher: FieldCipher,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * The key's automatic acknowledgement of a new submission (`auto_ack`, off by default): queued once
   * per submission (the message's row id is the submission's, so a second try meets the primary key),
   * only when there is an address, never for inbound mail whose sender the trusted receiving server did
   * not vouch for (`senderVerified` false: anyone can write any From), at most once per mailbox
   * (however it is spelled: canonicalMailbox) and key an hour and ACK_MAX_PER_KEY_HOUR per key (so
   * neither a form posted in a loop nor forged mail makes the service a mail cannon), and with
   * `Auto-Submitted: auto-replied`. It carries nothing the sender wrote but a plain name (see
   * fillAcknowledgement). Answers whether one was queued. Never for spam: the caller decides that before.
   */
  async acknowledge(
    submission: {
      id: string;
      name: string | null;
      email: string | null;
      apiKeyId: string;
      senderVerified: boolean | null;
    },
    template: { subject: string; body: string },
  ): Promise<boolean> {
    if (!submission.email || (await this.messages.findById(submission.id))) {
      return false;
    }
    if (submission.senderVerified === false) {
      this.metrics.ackRefused('unverified_sender');
      return false;
    }
    const refused = await this.ackThrottle.take(
      submission.apiKeyId,
      this.cipher.emailHash(canonicalMailbox(submission.email)),
    );
    if (refused) {
      this.metrics.ackRefused(refused);
      if (refused === 'key_cap') {
        this.logger.warn(`Acknowledgement of ${submission.id} not sent: its key reached ACK_MAX_PER_KEY_HOUR`);
      }
      return false;
    }
    const { subject, body } = fillAcknowledgement(template, submission);
    try {
      await this.messages.insert(
        newConversationMessage({
          id: submission.id,
          submissionId: submission.id,
          kind: 'ack',
          state: MESSAGE_STATE.queued,
          // Its own id, not the row's: the row's is the submission's, and a Message-ID anyone who knows
          // the submission's id could write would thread their mail into it (issue 36).
          messageId: this.ids.messageIdOf(uuidv7()),
          // Always, with or without a Reply-To: the root Message-ID is the same token (see ThreadIds).
          threadToken: this.ids.tokenOf(submission.id),
          automatic: true,
          subject,
          body,
        }),
      );
    } catch (error) {
      if (isDuplicateKey(error)) {
        return false;
      }
      throw error;
    }
    await this.conversations.queue(submission.id);
    return true;
  }
}
