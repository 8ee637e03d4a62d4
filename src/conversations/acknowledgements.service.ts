import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { FieldCipher } from '../database/field-cipher';
import { isDuplicateKey } from '../database/duplicate-key';
import { refOf } from '../submissions/submission-ref';
import { AckThrottle } from './ack-throttle';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { ConversationsService } from './conversations.service';
import { MESSAGE_STATE } from './message-state';
import { ThreadIds } from './thread-ids';

/** Automatic acknowledgements (worker side: the throttle lives in Redis). */
@Injectable()
export class Acknowledgements {
  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly conversations: ConversationsService,
    private readonly ids: ThreadIds,
    private readonly ackThrottle: AckThrottle,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * The key's automatic acknowledgement of a new submission (`auto_ack`, off by default): queued once
   * per submission (the message's row id is the submission's, so a second try meets the primary key),
   * only when there is an address, at most once per address and key an hour (so a form posted in a
   * loop does not make the service a mail cannon), and with `Auto-Submitted: auto-replied`. Answers
   * whether one was queued. Never for spam: the caller decides that before.
   */
  async acknowledge(
    submission: { id: string; name: string | null; email: string | null; apiKeyId: string },
    template: { subject: string; body: string },
  ): Promise<boolean> {
    if (!submission.email || (await this.messages.findById(submission.id))) {
      return false;
    }
    if (!(await this.ackThrottle.take(submission.apiKeyId, this.cipher.emailHash(submission.email)))) {
      return false;
    }
    const fill = (text: string) =>
      text.replace(/\{\{\s*name\s*\}\}/g, submission.name ?? '').replace(/\{\{\s*ref\s*\}\}/g, refOf(submission.id));
    try {
      await this.messages.insert({
        id: submission.id,
        submissionId: submission.id,
        kind: 'ack',
        state: MESSAGE_STATE.queued,
        authorId: null,
        // Its own id, not the row's: the row's is the submission's, and a Message-ID anyone who knows
        // the submission's id could write would thread their mail into it (issue 36).
        messageId: this.ids.messageIdOf(uuidv7()),
        // Always, with or without a Reply-To: the root Message-ID is the same token (see ThreadIds).
        threadToken: this.ids.tokenOf(submission.id),
        senderHash: '',
        legacyRoot: false,
        fromAddress: null,
        fromOther: false,
        automatic: true,
        subject: fill(template.subject).replace(/[\r\n]+/g, ' '),
        body: fill(template.body),
        quoted: null,
        attachments: null,
        attempts: 0,
        lastError: null,
        encKeyId: null,
        createdAt: new Date(),
        sentAt: null,
      });
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
