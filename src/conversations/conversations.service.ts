import { Clock } from '../clock/clock';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { AttachmentStore, IncomingFile } from '../attachments/attachment-store';
import { AttachmentView, toAttachmentView } from '../attachments/dto/attachment.views';
import { Actor, SYSTEM_ACTOR } from '../audit/actor';
import { AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { JobProducer } from '../queue/job-producer';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { workflowChangeRefused, WorkflowStatus } from '../submissions/lifecycle/submission-state';
import { isDuplicateKey } from '../database/duplicate-key';
import { FieldCipher } from '../database/field-cipher';
import { matchedEmail } from '../database/matched-email';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { MessageView } from './dto/conversation.views';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { newConversationMessage } from './entities/new-conversation-message';
import { MESSAGE_STATE } from './message-state';
import { ReturnPaths } from './return-paths';
import { ThreadIds } from './thread-ids';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { SubmissionWorkflowRepository } from '../submissions/lifecycle/submission-workflow.repository';

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
const changedMeanwhile = () => new ApiException(HttpStatus.PRECONDITION_FAILED, 'Submission changed; reload it');
/** How much of the request the subject of a reply quotes. */
const SUBJECT_WORDS = 8;
const SUBJECT_CHARS = 60;
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

/** `Re: <first words of the request> [#<ref>]`. */
export function replySubject(message: string | null, submissionId: string): string {
  const words = (message ?? '').replace(/\s+/g, ' ').trim().split(' ').slice(0, SUBJECT_WORDS).join(' ');
  const opening = [...words].length > SUBJECT_CHARS ? `${[...words].slice(0, SUBJECT_CHARS).join('')}...` : words;
  return `Re: ${opening || 'your request'} [#${refOf(submissionId)}]`;
}

/**
 * A submission's conversation: staff replies (stored, then sent by the `sendMessage` job), their
 * states and retries; a customer's mail attached to it. Each records its fact (`replied`,
 * `message_received`); the timeline and the notices are ConversationTimeline's and ConversationNotices'.
 */
@Injectable()
export class ConversationsService {
  private readonly logger = new Logger(ConversationsService.name);

  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly workflow: SubmissionWorkflowRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly jobs: JobProducer,
    private readonly ids: ThreadIds,
    private readonly config: AppConfig,
    private readonly cipher: FieldCipher,
    private readonly files: AttachmentStore,
    private readonly clock: Clock,
    private readonly returnPaths: ReturnPaths,
  ) {}

  /**
   * Stores a reply to the requester and queues it. Based on the version staff saw (`versions`, from
   * If-Match): anything that happened since (a customer message, another reply, a status change) is
   * 412, so two agents never send conflicting answers. 409 when there is no address to reply to. The
   * uploads it names (`uploadIds`, the author's own) go with it, taken in its transaction.
   */
  async reply(
    submissionId: string,
    body: string,
    versions: 'any' | number[],
    actor: Actor & { id: string },
    uploadIds: string[] = [],
  ) {
    if (!this.config.mail.smtpUrl) {
      // Stored, it would only fail after every try: say so now.
      throw new ApiException(HttpStatus.CONFLICT, 'Replies need SMTP_URL: the service has no way to send mail');
    }
    const message = await this.transactions.run(async (tx) => {
      const submission = await this.submissions.findById(submissionId);
      if (!submission) {
        throw notFound();
      }
      if (versions !== 'any' && !versions.includes(submission.version)) {
        throw changedMeanwhile();
      }
      // A merged submission takes no reply, as it takes no change (its conversation went to the target);
      // a merge after this read moves its version on, and the write below, conditional on it, fails.
      const refused = workflowChangeRefused(submission.status);
      if (refused) {
        throw new ApiException(HttpStatus.CONFLICT, refused);
      }
      if (!submission.email) {
        throw new ApiException(HttpStatus.CONFLICT, 'No e-mail address to reply to');
      }
      const now = this.clock.now();
      if (!(await this.workflow.advanceForMessage(submissionId, submission.version, { firstResponseAt: now }, tx))) {
        throw changedMeanwhile();
      }
      const id = uuidv7();
      const row = newConversationMessage({
        id,
        submissionId,
        kind: 'reply',
        state: MESSAGE_STATE.queued,
        authorId: actor.id,
        messageId: this.ids.messageIdOf(id),
        // Always, with or without a Reply-To: the root Message-ID is the same token (see ThreadIds).
        threadToken: this.ids.tokenOf(submissionId),
        subject: replySubject(submission.message, submissionId),
        body,
        createdAt: now,
      });
      await this.messages.insert(row, tx);
      const files = await this.files.takeUploads(uploadIds, actor.id, { submissionId, messageId: id }, tx);
      await this.facts.record(
        {
          name: 'replied',
          submissionId,
          apiKeyId: submission.apiKeyId,
          version: submission.version + 1,
          actor,
          data: { messageId: id },
        },
        tx,
      );
      return { row, files };
    });
    await this.queue(message.row.id);
    return toMessageView(message.row, message.files.map(toAttachmentView));
  }

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

  /**
   * A bounce of mail we sent: the message among `messageIds` whose return path (see ReturnPaths) the
   * bounce is addressed to or quotes becomes `bounced`, with the server's status and words and the
   * server that reported it as its last error, and the fact `message_bounced` is recorded (its webhook
   * `message.bounced`, the live event, the audit). The submission is not reopened and moves to no new
   * version: nothing anyone wrote arrived. Answers `marked`; `unchanged` for a bounce of ours that
   * finds it bounced already (a second report); `unbound` when it names mail of ours without its
   * return path (anyone who saw a Message-ID can write that: nothing changes); `not ours` otherwise.
   */
  async recordBounce(bounce: {
    messageIds: string[];
    returnPathTokens: string[];
    status: string | null;
    diagnostic: string | null;
    reportingServer: string | null;
    remoteServer: string | null;
  }): Promise<'marked' | 'unchanged' | 'unbound' | 'not ours'> {
    const named = await this.messages.outgoingWithMessageIds(bounce.messageIds);
    if (named.length === 0) {
      return 'not ours';
    }
    const message = named.find((row) => this.returnPaths.binds(row.messageId, bounce.returnPathTokens));
    if (!message) {
      return 'unbound';
    }
    const submission = await this.submissions.findById(message.submissionId);
    if (!submission) {
      return 'not ours';
    }
    const lastError = bounceErrorOf(bounce);
    return this.transactions.run(async (tx) => {
      if (!(await this.messages.apply(message.id, 'bounce', { lastError }, tx))) {
        return 'unchanged';
      }
      await this.facts.record(
        {
          name: 'message_bounced',
          submissionId: submission.id,
          apiKeyId: submission.apiKeyId,
          actor: SYSTEM_ACTOR,
          data: { messageId: message.id, status: bounce.status },
        },
        tx,
      );
      return 'marked';
    });
  }

  /**
   * Sends a failed message again (staff's retry). 409 unless it failed. Its state and its fact (the
   * audit event) commit together; its job is queued once they have (sendRetried).
   */
  async retry(messageId: string, actor: Actor): Promise<MessageView> {
    const message = await this.messages.findById(messageId);
    const submission = message && (await this.submissions.findById(message.submissionId));
    if (!message || !submission) {
      throw notFound();
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

  /** A retried message's job, now: one Redis refuses is the reconciler's (the message stays `queued`). */
  @OnSubmissionFact({ phase: 'after commit', facts: ['message_retried'] })
  async sendRetried(fact: SubmissionFact<'message_retried'>): Promise<void> {
    await this.jobs.runAgain('sendMessage', { messageId: fact.data.messageId });
  }

  /** Queues a stored message's job; a failure (Redis away) is left to the reconciler. */
  async queue(messageId: string): Promise<void> {
    await this.jobs.enqueue('sendMessage', [{ messageId }]).catch((error: Error) => {
      this.logger.warn(`Message ${messageId} not queued yet (${error.message}); the reconciler will add it`);
    });
  }
}

/** The last_error column's length. */
const LAST_ERROR_MAX = 1000;

/**
 * A bounce's last error: its status and words, then the server that reported it (and the one that
 * refused the mail, when the report names it): `5.1.1 550 ... (reported by mx.example.com, remote
 * server mx.example.org)`. The words are cut so the servers always fit the column.
 */
export function bounceErrorOf(bounce: {
  status: string | null;
  diagnostic: string | null;
  reportingServer: string | null;
  remoteServer: string | null;
}): string {
  const servers = [
    ...(bounce.reportingServer ? [`reported by ${bounce.reportingServer}`] : []),
    ...(bounce.remoteServer ? [`remote server ${bounce.remoteServer}`] : []),
  ];
  const suffix = servers.length > 0 ? ` (${servers.join(', ')})` : '';
  const words = [bounce.status, bounce.diagnostic].filter(Boolean).join(' ') || 'bounced';
  return `${words.slice(0, LAST_ERROR_MAX - suffix.length)}${suffix}`;
}

/** A message as the API shows it, with the files it carried (none unless given). */
export function toMessageView(message: ConversationMessageEntity, attachments: AttachmentView[] = []): MessageView {
  return {
    id: message.id,
    kind: message.kind,
    state: message.state,
    from: message.kind === 'customer' ? message.fromAddress : null,
    from_other: message.fromOther,
    automatic: message.automatic,
    subject: message.subject,
    body: message.body ?? '',
    quoted: message.quoted,
    attachments,
    attempts: message.attempts,
    last_error: message.lastError,
    created_at: message.createdAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    ...(message.unreadable !== undefined ? { unreadable: message.unreadable } : {}),
  };
}
