import { Injectable } from '@nestjs/common';
import { AttachmentsRepository } from '../attachments/attachments.repository';
import type { Transaction } from '../database/transactions';
import { OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { ConversationMessagesRepository } from './conversation-messages.repository';

/**
 * The conversation's part in a merge: the source's timeline (its messages, and every file it holds:
 * its request's and its messages') moves into the target in the merge's transaction. Recorded on both
 * sides; the move happens once, on the source's fact. Replies not yet sent (`queued`, `failed`) stay
 * with the source, with their files: they were written to the source's requester, and the mailer
 * addresses a message to its submission's requester (see ConversationMessagesRepository.moveToSubmission).
 */
@Injectable()
export class ConversationMerges {
  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly attachments: AttachmentsRepository,
  ) {}

  @OnSubmissionFact({ phase: 'in transaction', facts: ['merged'] })
  async moveTimeline(fact: SubmissionFact, tx: Transaction): Promise<void> {
    if (fact.name !== 'merged' || fact.submissionId !== fact.data.sourceId) {
      return;
    }
    const staying = await this.messages.moveToSubmission(fact.data.sourceId, fact.data.targetId, tx);
    await this.attachments.moveToSubmission(fact.data.sourceId, fact.data.targetId, tx, staying);
  }
}
