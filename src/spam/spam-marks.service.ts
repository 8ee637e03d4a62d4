import { Injectable, OnModuleInit } from '@nestjs/common';
import { FieldCipher } from '../database/field-cipher';
import { JobProducer } from '../queue/job-producer';
import { SubmissionHooks } from '../submissions/submission-hooks';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { SpamLedger } from './spam-ledger';

/**
 * What staff's spam decisions teach the filter (registered with SubmissionHooks): moving a submission
 * to `spam` marks its sender for that key (SPAM_MARK_DAYS); moving it out of `spam` ("Not spam")
 * clears the mark and, if it was held back, delivers it now. Marks never cross keys: any client can
 * put any address in a form.
 */
@Injectable()
export class SpamMarks implements OnModuleInit {
  constructor(
    private readonly hooks: SubmissionHooks,
    private readonly submissions: SubmissionsRepository,
    private readonly ledger: SpamLedger,
    private readonly cipher: FieldCipher,
    private readonly jobs: JobProducer,
  ) {}

  onModuleInit(): void {
    this.hooks.onStatusChange((change) => {
      const marked = change.after === 'spam';
      const unmarked = change.before === 'spam' && change.after !== 'spam';
      if (!marked && !unmarked) {
        return Promise.resolve();
      }
      // After commit: a change that rolled back must not mark anyone.
      return Promise.resolve(async () => {
        const submission = await this.submissions.findById(change.submissionId);
        if (!submission) {
          return;
        }
        if (submission.email) {
          const sender = this.cipher.emailHash(submission.email);
          await (marked
            ? this.ledger.markSender(change.apiKeyId, sender)
            : this.ledger.clearSender(change.apiKeyId, sender));
        }
        if (unmarked && (await this.submissions.deliveredChannels(submission.id)).length === 0) {
          await this.deliverHeldBack(submission.id);
        }
      });
    });
  }

  /** A submission held back as spam goes through the staff channels now, as if it had just arrived. */
  private async deliverHeldBack(submissionId: string): Promise<void> {
    await this.submissions.apply(submissionId, 'requeue');
    await this.jobs.runAgain('deliverSubmission', { submissionId });
  }
}
