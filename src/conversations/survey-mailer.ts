import { Injectable, Logger } from '@nestjs/common';
import { SmtpMailer } from '../mail/smtp-mailer';
import { SatisfactionSurveys } from '../ratings/satisfaction-surveys.service';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { RequesterMailSenders } from './requester-mail-senders';
import { ThreadIds } from './thread-ids';

/** Sends satisfaction surveys (the `sendSurvey` job), addressed as every mail to the requester is. */
@Injectable()
export class SurveyMailer {
  private readonly logger = new Logger(SurveyMailer.name);

  constructor(
    private readonly surveys: SatisfactionSurveys,
    private readonly submissions: SubmissionsRepository,
    private readonly messages: ConversationMessagesRepository,
    private readonly mailer: SmtpMailer,
    private readonly ids: ThreadIds,
    private readonly senders: RequesterMailSenders,
  ) {}

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
        from: await this.senders.senderOf(submission.apiKeyId),
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
}
