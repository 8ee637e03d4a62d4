import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { Repository } from 'typeorm';
import { SubmissionEntity, SubmissionState } from '../contact/entities/submission.entity';
import { NoChannel } from './channels/no-channel';
import { SubmissionDeliveryEntity } from './entities/submission-delivery.entity';
import { DELIVER_SUBMISSION_JOB, DeliverSubmissionJob, SUBMISSIONS_QUEUE } from '../queue/queue.constants';

export type RetryOutcome = 'retried' | 're-enqueued' | 're-sent' | 'already queued' | 'already delivered';

/** What the operator's `submissions` commands do: look at submissions and send failed ones again. */
@Injectable()
export class StaffQueueService {
  constructor(
    @InjectQueue(SUBMISSIONS_QUEUE) private readonly queue: Queue<DeliverSubmissionJob>,
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    @InjectRepository(SubmissionDeliveryEntity) private readonly deliveries: Repository<SubmissionDeliveryEntity>,
  ) {}

  list(state?: SubmissionState, limit = 100): Promise<SubmissionEntity[]> {
    return this.submissions.find({
      where: state ? { state } : {},
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  /** Puts one submission back on the queue: its failed job is retried, a missing job is added again. */
  async retry(id: string): Promise<RetryOutcome> {
    const submission = await this.submissions.findOneBy({ id });
    if (!submission) {
      throw new NotFoundException(`No submission with id ${id}`);
    }
    const job = await this.queue.getJob(id);
    let outcome: RetryOutcome;
    if (submission.state === 'delivered') {
      if (!(await this.deliveredOnlyToNoChannel(id))) {
        return 'already delivered';
      }
      // Delivered while workers ran with STAFF_CHANNELS=none: send it to the channels configured now.
      await job?.remove();
      await this.submissions.update({ id }, { state: 'queued', updatedAt: new Date() });
      await this.queue.add(DELIVER_SUBMISSION_JOB, { submissionId: id }, { jobId: id });
      return 're-sent';
    }
    if (job && (await job.isFailed())) {
      await job.retry('failed');
      outcome = 'retried';
    } else if (!job) {
      await this.queue.add(DELIVER_SUBMISSION_JOB, { submissionId: id }, { jobId: id });
      outcome = 're-enqueued';
    } else {
      return 'already queued';
    }
    await this.submissions.update({ id }, { state: 'queued', updatedAt: new Date() });
    return outcome;
  }

  private async deliveredOnlyToNoChannel(id: string): Promise<boolean> {
    const channels = (await this.deliveries.find({ select: { channel: true }, where: { submissionId: id } })).map(
      (row) => row.channel,
    );
    return channels.length > 0 && channels.every((channel) => channel === NoChannel.NAME);
  }

  async retryFailed(): Promise<Map<string, RetryOutcome>> {
    const failed = await this.submissions.find({ select: { id: true }, where: { state: 'failed' } });
    const outcomes = new Map<string, RetryOutcome>();
    for (const { id } of failed) {
      outcomes.set(id, await this.retry(id));
    }
    return outcomes;
  }
}
