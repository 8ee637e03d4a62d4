import { HttpStatus, Injectable } from '@nestjs/common';
import { Actor } from '../audit/actor';
import { Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { MessageView } from './dto/conversation.views';
import { MESSAGE_STATE } from './message-state';
import { toMessageView } from './message-view';

/** Staff sending a failed message again: its state and its fact `message_retried` in one transaction. */
@Injectable()
export class MessageRetries {
  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Sends a failed message again (staff's retry). 409 unless it failed. Its state and its fact (the
   * audit event) commit together; its job is queued once they have (MessageJobs.sendRetried).
   */
  async retry(messageId: string, actor: Actor): Promise<MessageView> {
    const message = await this.messages.findById(messageId);
    const submission = message && (await this.submissions.findById(message.submissionId));
    if (!message || !submission) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    await this.transactions.run(async (tx) => {
      if (!(await this.messages.apply(messageId, 'retry', { lastError: null }, tx))) {
        throw new ApiException(HttpStatus.CONFLICT, 'Only a failed message can be sent again');
      }
      await this.facts.record(
        {
          name: 'message_retried',
          submissionId: submission.id,
          apiKeyId: submission.apiKeyId,
          actor,
          data: { messageId },
        },
        tx,
      );
    });
    return toMessageView({ ...message, state: MESSAGE_STATE.queued, lastError: null });
  }
}
