import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SmtpMailer } from '../mail/smtp-mailer';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { StaffNoticeEntity } from './entities/staff-notice.entity';
import { markAfterSend } from './mark-after-send';
import { StaffNoticeKind, STAFF_NOTICE_STATE } from './staff-notice-state';
import { StaffNoticesRepository } from './staff-notices.repository';
import { ThreadIds } from './thread-ids';

/**
 * Sends staff notices (the `notifyAssignment` and `notifyAssignee` jobs) from their stored rows
 * (ConversationNotices writes them in the change's transaction): once each, settled `sent` or
 * `skipped`; the mark after an accepted send is asked again in place as a message's is (markAfterSend).
 */
@Injectable()
export class StaffNoticeMailer {
  private readonly logger = new Logger(StaffNoticeMailer.name);

  constructor(
    private readonly notices: StaffNoticesRepository,
    private readonly messages: ConversationMessagesRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly accounts: StaffAccountsRepository,
    private readonly mailer: SmtpMailer,
    private readonly ids: ThreadIds,
    private readonly config: AppConfig,
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

  private consoleLinkOf(submissionId: string): string {
    const origin = this.config.staffAuth.publicOrigin ?? `http://localhost:${this.config.http.port}`;
    return `${origin}${this.config.http.basePath}/staff/#/inbox?open=${submissionId}`;
  }
}
