import { Injectable, Logger } from '@nestjs/common';
import { AttachmentStore } from '../attachments/attachment-store';
import { SmtpMailer } from '../mail/smtp-mailer';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { Acknowledgements } from './acknowledgements.service';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { markAfterSend } from './mark-after-send';
import { MESSAGE_STATE } from './message-state';
import { composeMail } from './outgoing-mail';
import { RequesterMailSenders } from './requester-mail-senders';
import { ReturnPaths } from './return-paths';
import { ThreadIds } from './thread-ids';

/**
 * Sends one outgoing message of a conversation (the `sendMessage` job): at least once, with the same
 * Message-ID on every try; `sent` once the SMTP server took it; `failed` with the server's error after
 * the last try (staff can send it again). A message already sent, or erased, is left alone. Staff
 * notices are StaffNoticeMailer's, surveys SurveyMailer's.
 *
 * Between the SMTP server's acceptance and the mark `sent` (issue 54, point 3): a database that
 * refuses the mark is asked again in place for about 15 s (markAfterSend), so a short outage does not
 * send the mail twice; a process that dies there, or a longer outage, leaves the row `queued` and the
 * retry sends it again, with the same Message-ID (at least once, as replies always were).
 */
@Injectable()
export class ConversationMailer {
  private readonly logger = new Logger(ConversationMailer.name);

  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly mailer: SmtpMailer,
    private readonly ids: ThreadIds,
    private readonly files: AttachmentStore,
    private readonly returnPaths: ReturnPaths,
    private readonly acknowledgements: Acknowledgements,
    private readonly senders: RequesterMailSenders,
  ) {}

  async send(messageId: string, attempt: { final: boolean }): Promise<void> {
    const message = await this.messages.findById(messageId);
    if (!message || message.state !== MESSAGE_STATE.queued) {
      return;
    }
    const submission = await this.submissions.findById(message.submissionId);
    if (!submission?.email) {
      await this.messages.apply(messageId, 'fail', { lastError: 'the submission has no e-mail address any more' });
      return;
    }
    if (
      message.kind === 'ack' &&
      !(await this.acknowledgements.mayStillSend(message, { apiKeyId: submission.apiKeyId, email: submission.email }))
    ) {
      return;
    }
    const from = await this.senders.senderOf(submission.apiKeyId);
    const thread = await this.messages.ofSubmission(submission.id);
    const root = this.ids.rootMessageIdOf(
      submission.id,
      thread.some((row) => row.legacyRoot),
    );
    // Ours only (replies, acknowledgements), oldest first: a customer's Message-ID is never repeated.
    const ourEarlier = thread
      .filter((row) => row.kind !== 'customer' && row.id < message.id)
      .map((row) => row.messageId);
    // Opened anew on each try: a file is streamed piece by piece into the message as it is written, and
    // every stream opened is closed whatever happens (a try that fails leaves none behind).
    const opened: { destroy: () => void }[] = [];
    try {
      const files = [];
      for (const { attachment, bytes } of await this.files.filesOf(message.id)) {
        const content = await bytes();
        opened.push(content);
        files.push({ filename: attachment.name, contentType: attachment.type, content });
      }
      await this.mailer.send(
        composeMail(
          message,
          { root, submissionId: submission.id, requester: submission.email, ourEarlierMessageIds: ourEarlier },
          from,
          this.ids,
          this.returnPaths.addressOf(message.messageId),
          files,
        ),
      );
    } catch (error) {
      const lastError = (error as Error).message.slice(0, 1000);
      if (attempt.final) {
        await this.messages.apply(messageId, 'fail', { lastError, countAttempt: true });
      } else {
        await this.messages.recordFailedTry(messageId, lastError);
      }
      this.logger.warn(`Message ${messageId} not sent${attempt.final ? ' (final try)' : ''}: ${lastError}`);
      throw error;
    } finally {
      opened.forEach((stream) => stream.destroy());
    }
    await markAfterSend(
      () => this.messages.apply(messageId, 'send', { sentAt: new Date(), lastError: null, countAttempt: true }),
      this.logger,
      `Message ${messageId}`,
    );
    this.logger.log(`Message ${messageId} sent`);
  }
}
