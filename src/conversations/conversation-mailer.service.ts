import { Injectable, Logger } from '@nestjs/common';
import { AttachmentStore } from '../attachments/attachment-store';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { AppConfig } from '../config/app-config';
import { MailSenderAddress, SmtpMailer } from '../mail/smtp-mailer';
import { SatisfactionSurveys } from '../ratings/satisfaction-surveys.service';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { Acknowledgements } from './acknowledgements.service';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { MESSAGE_STATE } from './message-state';
import { composeMail } from './outgoing-mail';
import { ReturnPaths } from './return-paths';
import { StaffNoticeEntity } from './entities/staff-notice.entity';
import { StaffNoticeKind, STAFF_NOTICE_STATE } from './staff-notice-state';
import { StaffNoticesRepository } from './staff-notices.repository';
import { ThreadIds } from './thread-ids';
import { SubmissionsRepository } from '../submissions/submissions.repository';

/** How long the mark after an accepted send is tried again in place before the job fails (ms, doubling). */
const MARK_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];

/**
 * Sends one outgoing message of a conversation (the `sendMessage` job): at least once, with the same
 * Message-ID on every try; `sent` once the SMTP server took it; `failed` with the server's error after
 * the last try (staff can send it again). A message already sent, or erased, is left alone. Staff
 * notices (`notifyAssignment`, `notifyAssignee`) are sent from their stored rows the same way.
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
    private readonly apiKeys: ApiKeysRepository,
    private readonly mailer: SmtpMailer,
    private readonly ids: ThreadIds,
    private readonly config: AppConfig,
    private readonly accounts: StaffAccountsRepository,
    private readonly files: AttachmentStore,
    private readonly surveys: SatisfactionSurveys,
    private readonly returnPaths: ReturnPaths,
    private readonly acknowledgements: Acknowledgements,
    private readonly notices: StaffNoticesRepository,
  ) {}

  /**
   * Tells a submission's assignee that the customer wrote (SMTP_URL set, an assignee, mail that was
   * not automatic): the ref and a link to the console, not the customer's words.
   */
  async notifyAssignee(messageId: string): Promise<void> {
    const notice = await this.pendingNotice('customer_message', messageId);
    if (notice === 'settled') {
      return;
    }
    const message = await this.messages.findById(messageId);
    const submission = message ? await this.submissions.findById(message.submissionId) : null;
    const assignee = submission?.assigneeId ? await this.accounts.findById(submission.assigneeId) : null;
    if (!message || !submission || !assignee || assignee.disabledAt || !this.mailer.isConfigured) {
      await this.settleNotice(notice, 'skip');
      return;
    }
    const ref = refOf(submission.id);
    const link = this.consoleLinkOf(submission.id);
    const root = this.ids.rootMessageIdOf(submission.id, await this.messages.hasLegacyRoot(submission.id));
    await this.mailer.send({
      from: { address: this.config.mail.replyFrom },
      to: assignee.email,
      subject: `New message on [#${ref}]${message.fromOther ? ' (from another sender)' : ''}`,
      text: `The customer wrote again on a submission assigned to you.\n\nOpen it: ${link}\n`,
      messageId: `notice.${message.id}@${this.ids.domain}`,
      inReplyTo: root,
      references: [root],
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    await this.settleNotice(notice, 'send');
  }

  /** Tells a staff member a submission was assigned to them (SMTP_URL set, an active account). */
  async notifyAssignment(job: { submissionId: string; assigneeId: string; eventId: string }): Promise<void> {
    const notice = await this.pendingNotice('assignment', job.eventId);
    if (notice === 'settled') {
      return;
    }
    const submission = await this.submissions.findById(job.submissionId);
    const assignee = await this.accounts.findById(job.assigneeId);
    if (!submission || submission.assigneeId !== job.assigneeId || !assignee || assignee.disabledAt) {
      await this.settleNotice(notice, 'skip');
      return;
    }
    if (!this.mailer.isConfigured) {
      await this.settleNotice(notice, 'skip');
      return;
    }
    const ref = refOf(submission.id);
    const root = this.ids.rootMessageIdOf(submission.id, await this.messages.hasLegacyRoot(submission.id));
    await this.mailer.send({
      from: { address: this.config.mail.replyFrom },
      to: assignee.email,
      subject: `Assigned to you: [#${ref}]`,
      text: `A submission was assigned to you.\n\nOpen it: ${this.consoleLinkOf(submission.id)}\n`,
      messageId: `assigned.${job.eventId}@${this.ids.domain}`,
      inReplyTo: root,
      references: [root],
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    await this.settleNotice(notice, 'send');
  }

  /**
   * The stored notice of a job: its row while it is `queued`, `settled` once sent or skipped (a job
   * that runs again sends nothing), or null for a job the previous release queued without a row (sent
   * as it was then; issue 54 upgrade) and for a notice erased with its submission (which finds no
   * submission and sends nothing).
   */
  private async pendingNotice(kind: StaffNoticeKind, sourceId: string): Promise<StaffNoticeEntity | 'settled' | null> {
    const notice = await this.notices.findBySource(kind, sourceId);
    return notice && notice.state !== STAFF_NOTICE_STATE.queued ? 'settled' : notice;
  }

  private async settleNotice(notice: StaffNoticeEntity | null, outcome: 'send' | 'skip'): Promise<void> {
    if (!notice) {
      return;
    }
    if (outcome === 'skip') {
      await this.notices.settle(notice.id, 'skip');
      return;
    }
    await markAfterSend(() => this.notices.settle(notice.id, 'send', new Date()), this.logger, `Notice ${notice.id}`);
  }

  /**
   * Sends a closed submission's satisfaction survey to its requester (the `sendSurvey` job): the words
   * and links are ratings/', the addressing is every requester mail's (the key's sender, threaded into
   * the conversation with its Reply-To), marked `Auto-Submitted: auto-generated` (RFC 3834) so other
   * systems do not answer it, with the same Message-ID on every try. It is not a message of the
   * conversation: the links must not be stored, nor shown to staff (who could rate for the customer).
   * Settled once: sent, skipped (no address, no SMTP_URL) or failed after the last try.
   */
  async sendSurvey(surveyId: string, attempt: { final: boolean }): Promise<void> {
    const survey = await this.surveys.mailOf(surveyId);
    if (!survey) {
      return;
    }
    const submission = await this.submissions.findById(survey.submissionId);
    if (!submission?.email || !this.mailer.isConfigured) {
      await this.surveys.settle(surveyId, 'skip');
      return;
    }
    const root = this.ids.rootMessageIdOf(submission.id, await this.messages.hasLegacyRoot(submission.id));
    const replyTo = this.ids.replyAddressOf(submission.id);
    try {
      await this.mailer.send({
        from: await this.senderOf(submission.apiKeyId),
        to: submission.email,
        ...(replyTo ? { replyTo } : {}),
        subject: survey.subject,
        text: survey.text,
        messageId: `survey.${surveyId}@${this.ids.domain}`,
        inReplyTo: root,
        references: [root],
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      if (attempt.final) {
        await this.surveys.settle(surveyId, 'fail');
      }
      // The server's code only: its words often name the recipient.
      const { responseCode, code } = error as { responseCode?: number; code?: string };
      this.logger.warn(
        `Survey ${surveyId} not sent${attempt.final ? ' (final try)' : ''}: ${responseCode ?? code ?? 'error'}`,
      );
      throw error;
    }
    await this.surveys.settle(surveyId, 'send');
  }

  /** Who mail to a key's requesters comes from: the key's `reply_from`, else REPLY_FROM. */
  private async senderOf(apiKeyId: string): Promise<MailSenderAddress> {
    const key = await this.apiKeys.findById(apiKeyId);
    return key?.replyFromAddress
      ? { address: key.replyFromAddress, ...(key.replyFromName ? { name: key.replyFromName } : {}) }
      : { address: this.config.mail.replyFrom };
  }

  private consoleLinkOf(submissionId: string): string {
    const origin = this.config.staffAuth.publicOrigin ?? `http://localhost:${this.config.http.port}`;
    return `${origin}${this.config.http.basePath}/staff/#/inbox?open=${submissionId}`;
  }

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
    const from = await this.senderOf(submission.apiKeyId);
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

/**
 * Records that the SMTP server took a mail, asking the database again in place while it refuses
 * (MARK_RETRY_DELAYS_MS): the mail is out, and a job that failed now would send it again. A mark that
 * finds the row moved on already (a previous try's mark committed though its answer was lost) is done.
 * The waits are a backoff against a database that is away: no event says when it is back.
 */
async function markAfterSend(mark: () => Promise<unknown>, logger: Logger, what: string): Promise<void> {
  for (const delay of [...MARK_RETRY_DELAYS_MS, null]) {
    try {
      await mark();
      return;
    } catch (error) {
      if (delay === null) {
        throw error;
      }
      logger.warn(`${what} sent, not yet marked (${(error as Error).message}); asking again in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
