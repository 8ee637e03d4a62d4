import { HttpStatus, Injectable } from '@nestjs/common';
import { toAttachmentView } from '../attachments/dto/attachment.views';
import { Actor } from '../audit/actor';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { workflowChangeRefused } from '../submissions/lifecycle/submission-state';
import { SubmissionWorkflowRepository } from '../submissions/lifecycle/submission-workflow.repository';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { MessageJobs } from './message-jobs';
import { toMessageView } from './message-view';
import { ReplyRows } from './reply-rows';

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
const changedMeanwhile = () => new ApiException(HttpStatus.PRECONDITION_FAILED, 'Submission changed; reload it');

/**
 * Staff replies to the requester: stored on the version staff saw and recorded as the fact `replied`
 * in one transaction, then sent by the `sendMessage` job (ConversationMailer). A failed one is sent
 * again by MessageRetries.
 */
@Injectable()
export class ConversationReplies {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly workflow: SubmissionWorkflowRepository,
    private readonly rows: ReplyRows,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly jobs: MessageJobs,
    private readonly config: AppConfig,
    private readonly clock: Clock,
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
      const stored = await this.rows.store(submission, body, actor.id, uploadIds, now, tx);
      await this.facts.record(
        {
          name: 'replied',
          submissionId,
          apiKeyId: submission.apiKeyId,
          version: submission.version + 1,
          actor,
          data: { messageId: stored.row.id },
        },
        tx,
      );
      return stored;
    });
    await this.jobs.queue(message.row.id);
    return toMessageView(message.row, message.files.map(toAttachmentView));
  }
}
