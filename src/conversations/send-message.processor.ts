import { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobData } from '../queue/job-catalogue';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { MAIL_QUEUE } from '../queue/queue.constants';
import { ConversationMailer } from './conversation-mailer.service';

/**
 * Consumes the `mail` queue: one outgoing message, one notice to an assignee, or one satisfaction survey
 * per job (ConversationMailer).
 */
@WorksQueue(MAIL_QUEUE)
export class SendMessageProcessor extends JobProcessor {
  constructor(
    private readonly mailer: ConversationMailer,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  @OnJob('sendMessage')
  async send(job: Job<JobData<'sendMessage'>>): Promise<void> {
    await this.mailer.send(job.data.messageId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  }

  @OnJob('notifyAssignee')
  async notifyAssignee(job: Job<JobData<'notifyAssignee'>>): Promise<void> {
    await this.mailer.notifyAssignee(job.data.messageId);
  }

  @OnJob('notifyAssignment')
  async notifyAssignment(job: Job<JobData<'notifyAssignment'>>): Promise<void> {
    await this.mailer.notifyAssignment(job.data);
  }

  @OnJob('sendSurvey')
  async sendSurvey(job: Job<JobData<'sendSurvey'>>): Promise<void> {
    await this.mailer.sendSurvey(job.data.surveyId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  }
}
