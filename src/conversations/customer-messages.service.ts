import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { AttachmentStore, IncomingFile } from '../attachments/attachment-store';
import { SYSTEM_ACTOR } from '../audit/actor';
import { Clock } from '../clock/clock';
import { isDuplicateKey } from '../database/duplicate-key';
import { FieldCipher } from '../database/field-cipher';
import { matchedEmail } from '../database/matched-email';
import { Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { WorkflowStatus } from '../submissions/lifecycle/submission-state';
import { SubmissionWorkflowRepository } from '../submissions/lifecycle/submission-workflow.repository';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { newConversationMessage } from './entities/new-conversation-message';
import { MESSAGE_STATE } from './message-state';

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
/** How many merges committing between a mail's match and its write recordCustomerMessage follows. */
const MERGE_FOLLOWS = 3;
/** A try that found its submission merged (or gone) meanwhile: nothing written. */
const MERGED_MEANWHILE = Symbol('merged meanwhile');

/** A customer's mail as recordCustomerMessage takes it. */
export interface CustomerMail {
  messageId: string;
  fromAddress: string | null;
  fromOther: boolean;
  automatic: boolean;
  subject: string;
  newText: string;
  quoted: string | null;
  /** The files it carried: stored with it, in its transaction. */
  files: IncomingFile[];
  /** The merged source the mail answers (see MailMatch.mergedFromId); absent: none. */
  mergedFromId?: string | null;
}

/**
 * A customer's mail attached to its submission (inbound/ matched it): stored once, the submission
 * moved on (and reopened unless the mail is automatic), and the fact `message_received` recorded in
 * the same transaction.
 */
@Injectable()
export class CustomerMessages {
  private readonly logger = new Logger(CustomerMessages.name);

  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly workflow: SubmissionWorkflowRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly cipher: FieldCipher,
    private readonly files: AttachmentStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Attaches a customer's mail to a submission, once (by its Message-ID): the submission moves to its
   * next version (a reply based on the version before is 412), and unless the mail is automatic a
   * pending or closed submission reopens. Answers the stored message, or null when it was stored
   * already (the same mail again: IMAP after a crash, a provider retrying its webhook).
   *
   * `mergedFromId`: the merged source the mail answers (see MailMatch), stored with it. A merge that
   * commits after the match and before the write leaves the submission `merged` (advanceForMessage
   * then changes nothing): the mail goes where the merge took it, as the source of it, up to
   * MERGE_FOLLOWS times (each time a merge of the submission just found committed in between).
   */
  async recordCustomerMessage(submissionId: string, mail: CustomerMail): Promise<ConversationMessageEntity | null> {
    let current = submissionId;
    let mergedFromId = mail.mergedFromId ?? null;
    for (let follows = 0; ; follows += 1) {
      const recorded = await this.recordOn(current, mergedFromId, mail);
      if (recorded !== MERGED_MEANWHILE) {
        return recorded;
      }
      const target = await this.submissions.mergeTargetOf(current);
      if (!target || target === current || follows >= MERGE_FOLLOWS) {
        throw notFound();
      }
      this.logger.log(`Submission ${current} was merged into ${target} meanwhile: mail recorded there`);
      // As the merge moved the source's messages: the first submission it came through.
      mergedFromId ??= current;
      current = target;
    }
  }

  /** One try of recordCustomerMessage on `submissionId`; MERGED_MEANWHILE when its row took nothing. */
  private async recordOn(
    submissionId: string,
    mergedFromId: string | null,
    mail: CustomerMail,
  ): Promise<ConversationMessageEntity | null | typeof MERGED_MEANWHILE> {
    const senderHash = mail.fromAddress ? this.cipher.emailHash(mail.fromAddress) : '';
    if (await this.isStoredFromSender(submissionId, mail.messageId, mail.fromAddress, senderHash)) {
      return null;
    }
    const now = this.clock.now();
    const row = newConversationMessage({
      id: uuidv7(),
      submissionId,
      kind: 'customer',
      state: MESSAGE_STATE.received,
      messageId: mail.messageId,
      senderHash,
      fromAddress: mail.fromAddress,
      fromOther: mail.fromOther,
      automatic: mail.automatic,
      subject: mail.subject.slice(0, 500) || null,
      body: mail.newText,
      quoted: mail.quoted,
      createdAt: now,
      mergedFromId,
    });
    const submission = await this.submissions.findById(submissionId);
    if (!submission) {
      throw notFound();
    }
    try {
      return await this.transactions.run(async (tx) => {
        const reopenFrom: WorkflowStatus[] = mail.automatic ? [] : ['pending', 'closed'];
        if (!(await this.workflow.advanceForMessage(submissionId, null, { reopenFrom }, tx))) {
          // Gone, or merged since it was matched (the caller tells which): nothing was written.
          return MERGED_MEANWHILE;
        }
        await this.messages.insert(row, tx);
        await this.files.storeFiles(mail.files, { submissionId, messageId: row.id, mergedFromId }, tx);
        // Its webhook's delivery rows are written here too: the message and its webhook commit together.
        await this.facts.record(
          {
            name: 'message_received',
            submissionId,
            apiKeyId: submission.apiKeyId,
            actor: SYSTEM_ACTOR,
            data: { messageId: row.id, fromOther: mail.fromOther, automatic: mail.automatic },
          },
          tx,
        );
        return row;
      });
    } catch (error) {
      // Two deliveries of the same mail at once: the Message-ID, unique per submission and sender, lets one in.
      if (isDuplicateKey(error)) {
        return null;
      }
      throw error;
    }
  }

  /**
   * Whether this submission holds this Message-ID from this sender already. Per sender, not per
   * Message-ID alone (issue 36): a stranger who sent a Message-ID first must not make the requester's
   * mail a silent duplicate. The sender is compared by its keyed hash, or by the opened address as
   * matchedEmail compares it (rows stored before the hash, or under another key since rotated).
   */
  private async isStoredFromSender(
    submissionId: string,
    messageId: string,
    fromAddress: string | null,
    senderHash: string,
  ): Promise<boolean> {
    const stored = await this.messages.customerMessagesWithMessageId(submissionId, messageId);
    return stored.some(
      (row) =>
        (senderHash !== '' && row.senderHash === senderHash) ||
        (row.fromAddress === null && fromAddress === null && row.senderHash === '') ||
        (row.fromAddress !== null &&
          fromAddress !== null &&
          matchedEmail(row.fromAddress) === matchedEmail(fromAddress)),
    );
  }
}
