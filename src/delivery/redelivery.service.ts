import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { Actor } from '../audit/actor';
import { ApiException } from '../http/api-exception';
import { JobProducer } from '../queue/job-producer';
import { SUBMISSION_STATE } from '../submissions/lifecycle/submission-state';
import { Transactions } from '../database/transactions';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { NoChannel } from './channels/no-channel';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { SubmissionDeliveryRepository } from '../submissions/lifecycle/submission-delivery.repository';

export type RetryOutcome = 'retried' | 're-enqueued' | 're-sent' | 'already queued' | 'already delivered';

/**
 * Sending submissions again: the operator's `submissions retry` (failed ones, or one delivered while
 * workers ran with STAFF_CHANNELS=none) and staff's redelivery (any submission, through every channel).
 * The job itself is re-run through JobProducer (retried, promoted, or added under its catalogue id).
 */
@Injectable()
export class RedeliveryService {
  constructor(
    private readonly jobs: JobProducer,
    private readonly submissions: SubmissionsRepository,
    private readonly submissionDeliveries: SubmissionDeliveryRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
  ) {}

  /**
   * A redelivery's job, once it has committed (the channels' marks cleared, the row `queued`): it runs
   * now. A job Redis refuses here is the queue reconciler's (the row stays `queued` with no job).
   */
  @OnSubmissionFact({ phase: 'after commit', facts: ['redelivered'] })
  async sendAgain(fact: SubmissionFact<'redelivered'>): Promise<void> {
    await this.jobs.runAgain('deliverSubmission', { submissionId: fact.submissionId });
  }

  /** Puts one submission back on the queue: its failed job is retried, a missing job is added again. */
  async retry(id: string): Promise<RetryOutcome> {
    const submission = await this.submissions.findById(id);
    if (!submission) {
      throw new NotFoundException(`No submission with id ${id}`);
    }
    const job = { submissionId: id };
    if (submission.state === SUBMISSION_STATE.delivered) {
      if (!(await this.deliveredOnlyToNoChannel(id))) {
        return 'already delivered';
      }
      // Delivered while workers ran with STAFF_CHANNELS=none: send it to the channels configured now.
      await this.submissionDeliveries.apply(id, 'requeue');
      await this.jobs.runAgain('deliverSubmission', job);
      return 're-sent';
    }
    if (await this.jobs.isLive('deliverSubmission', job)) {
      return 'already queued';
    }
    const outcome = await this.jobs.runAgain('deliverSubmission', job);
    await this.submissionDeliveries.apply(id, 'requeue');
    return outcome === 'added' ? 're-enqueued' : 'retried';
  }

  async retryFailed(): Promise<Map<string, RetryOutcome>> {
    const outcomes = new Map<string, RetryOutcome>();
    for (const id of await this.submissionDeliveries.findIdsInState(SUBMISSION_STATE.failed)) {
      outcomes.set(id, await this.retry(id));
    }
    return outcomes;
  }

  /**
   * Staff's redelivery: sends a submission through every staff channel again, whatever its delivery
   * state. The channels' delivered marks are cleared and its job runs now.
   */
  async redeliver(id: string, actor: Actor): Promise<{ id: string; delivery_state: string }> {
    const submission = await this.submissions.findById(id);
    if (!submission) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    await this.transactions.run(async (tx) => {
      await this.submissionDeliveries.clearDelivered(id, tx);
      await this.submissionDeliveries.apply(id, 'requeue', {}, tx);
      await this.facts.record(
        { name: 'redelivered', submissionId: id, apiKeyId: submission.apiKeyId, actor, data: {} },
        tx,
      );
    });
    return { id, delivery_state: (await this.submissions.findById(id))!.state };
  }

  private async deliveredOnlyToNoChannel(id: string): Promise<boolean> {
    const channels = await this.submissionDeliveries.deliveredChannels(id);
    return channels.length > 0 && channels.every((channel) => channel === NoChannel.NAME);
  }
}
