import { Injectable } from '@nestjs/common';
import { FieldCipher } from '../database/field-cipher';
import { JobProducer } from '../queue/job-producer';
import { OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { SpamLedger } from './spam-ledger';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { SubmissionDeliveryRepository } from '../submissions/lifecycle/submission-delivery.repository';

/**
 * What staff's spam decisions teach the filter (a subscriber of `status_changed`): moving a submission
 * to `spam` marks its sender for that key (SPAM_MARK_DAYS); moving it out of `spam` ("Not spam")
 * clears the mark and, if it was held back, delivers it now. Marks never cross keys: any client can
 * put any address in a form.
 */
@Injectable()
export class SpamMarks {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly submissionDeliveries: SubmissionDeliveryRepository,
    private readonly ledger: SpamLedger,
    private readonly cipher: FieldCipher,
    private readonly jobs: JobProducer,
  ) {}

  /** After commit: a change that rolled back must not mark anyone. */
  @OnSubmissionFact({ phase: 'after commit', facts: ['status_changed'] })
  async learn(fact: SubmissionFact<'status_changed'>): Promise<void> {
    const marked = fact.data.after === 'spam';
    const unmarked = fact.data.before === 'spam' && fact.data.after !== 'spam';
    if (!marked && !unmarked) {
      return;
    }
    const submission = await this.submissions.findById(fact.submissionId);
    if (!submission) {
      return;
    }
    if (submission.email) {
      const sender = this.cipher.emailHash(submission.email);
      await (marked ? this.ledger.markSender(fact.apiKeyId, sender) : this.ledger.clearSender(fact.apiKeyId, sender));
    }
    if (unmarked && (await this.submissionDeliveries.deliveredChannels(submission.id)).length === 0) {
      await this.deliverHeldBack(submission.id);
    }
  }

  /** A submission held back as spam goes through the staff channels now, as if it had just arrived. */
  private async deliverHeldBack(submissionId: string): Promise<void> {
    await this.submissionDeliveries.apply(submissionId, 'requeue');
    await this.jobs.runAgain('deliverSubmission', { submissionId });
  }
}
