import { Processor } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobData, JOBS } from '../queue/job-catalogue';
import { JobProcessor } from '../queue/job-processor';
import { MAIL_QUEUE } from '../queue/queue.constants';
import { ConversationMailer } from './conversation-mailer.service';

/** Consumes the `mail` queue: one outgoing message, or one notice to an assignee, per job (ConversationMailer). */
@Processor(MAIL_QUEUE)
export class SendMessageProcessor extends JobProcessor<JobData<'sendMessage'>> {
  protected readonly queue = MAIL_QUEUE;

  constructor(
    private readonly mailer: ConversationMailer,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  protected async handle(job: Job<JobData<'sendMessage'>>): Promise<void> {
    if (job.name === JOBS.notifyAssignee.name) {
      await this.mailer.notifyAssignee(job.data.messageId);
      return;
    }
    if (job.name === JOBS.notifyAssignment.name) {
      await this.mailer.notifyAssignment(job.data as unknown as JobData<'notifyAssignment'>);
      return;
    }
    await this.mailer.send(job.data.messageId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  }
}
