import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, NotFoundException } from '@nestjs/common';
import { Queue } from 'bullmq';
import { NoChannel } from '../delivery/channels/no-channel';
import { DELIVER_SUBMISSION_JOB, DeliverSubmissionJob, SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { SubmissionEntity } from './entities/submission.entity';
import { SUBMISSION_STATE, SubmissionState } from './submission-state';
import { SubmissionsRepository } from './submissions.repository';

export type RetryOutcome = 'retried' | 're-enqueued' | 're-sent' | 'already queued' | 'already delivered';

/** What the operator's `submissions` commands do: look at submissions and send failed ones again. */
@Injectable()
export class SubmissionsService {
  constructor(
    @InjectQueue(SUBMISSIONS_QUEUE) private readonly queue: Queue<DeliverSubmissionJob>,
    private readonly submissions: SubmissionsRepository,
  ) {}

  list(state?: SubmissionState, limit = 100): Promise<SubmissionEntity[]> {
    return this.submissions.list(state, limit);
  }

  /** Puts one submission back on the queue: its failed job is retried, a missing job is added again. */
  async retry(id: string): Promise<RetryOutcome> {
    const submission = await this.submissions.findById(id);
    if (!submission) {
      throw new NotFoundException(`No submission with id ${id}`);
    }
    const job = await this.queue.getJob(id);
    if (submission.state === SUBMISSION_STATE.delivered) {
      if (!(await this.deliveredOnlyToNoChannel(id))) {
        return 'already delivered';
      }
      // Delivered while workers ran with STAFF_CHANNELS=none: send it to the channels configured now.
      await job?.remove();
      await this.submissions.apply(id, 'requeue');
      await this.queue.add(DELIVER_SUBMISSION_JOB, { submissionId: id }, { jobId: id });
      return 're-sent';
    }
    let outcome: RetryOutcome;
    if (job && (await job.isFailed())) {
      await job.retry();
      outcome = 'retried';
    } else if (!job) {
      await this.queue.add(DELIVER_SUBMISSION_JOB, { submissionId: id }, { jobId: id });
      outcome = 're-enqueued';
    } else {
      return 'already queued';
    }
    await this.submissions.apply(id, 'requeue');
    return outcome;
  }

  /**
   * Sends a submission through every staff channel again, whatever its delivery state: the channels'
   * delivered marks are cleared and a job runs now (a failed job is retried, a delayed one promoted,
   * a waiting one left to run; otherwise a new job with an id of its own, since the submission's id
   * may still name a finished or running job).
   */
  async redeliver(id: string): Promise<void> {
    await this.submissions.clearDelivered(id);
    await this.submissions.apply(id, 'requeue');
    const job = await this.queue.getJob(id);
    const state = job ? await job.getState() : 'missing';
    if (state === 'failed') {
      await job!.retry();
    } else if (state === 'delayed') {
      await job!.promote();
    } else if (state !== 'waiting' && state !== 'prioritized') {
      await this.queue.add(DELIVER_SUBMISSION_JOB, { submissionId: id }, { jobId: `${id}-redelivery-${Date.now()}` });
    }
  }

  async retryFailed(): Promise<Map<string, RetryOutcome>> {
    const outcomes = new Map<string, RetryOutcome>();
    for (const id of await this.submissions.findIdsInState(SUBMISSION_STATE.failed)) {
      outcomes.set(id, await this.retry(id));
    }
    return outcomes;
  }

  private async deliveredOnlyToNoChannel(id: string): Promise<boolean> {
    const channels = await this.submissions.deliveredChannels(id);
    return channels.length > 0 && channels.every((channel) => channel === NoChannel.NAME);
  }
}
