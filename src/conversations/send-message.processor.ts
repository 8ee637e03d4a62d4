import { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobData } from '../queue/job-catalogue';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { MAIL_QUEUE, SURVEYS_QUEUE } from '../queue/queue.constants';
import { ConversationMailer } from './conversation-mailer.service';
import { StaffNoticeMailer } from './staff-notice-mailer';
import { SurveyMailer } from './survey-mailer';

/** Consumes the `mail` queue: one outgoing message (ConversationMailer) or one staff notice (StaffNoticeMailer) per job. */
@WorksQueue(MAIL_QUEUE)
export class SendMessageProcessor extends JobProcessor {
  constructor(
    private readonly mailer: ConversationMailer,
    private readonly notices: StaffNoticeMailer,
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
    await this.notices.notifyAssignee(job.data.messageId);
  }

  @OnJob('notifyAssignment')
  async notifyAssignment(job: Job<JobData<'notifyAssignment'>>): Promise<void> {
    await this.notices.notifyAssignment(job.data);
  }
}

/**
 * Consumes the `surveys` queue: one satisfaction survey per job, sent as the conversation's mail is
 * (a queue of its own, see SURVEYS_QUEUE).
 */
@WorksQueue(SURVEYS_QUEUE)
export class SendSurveyProcessor extends JobProcessor {
  constructor(
    private readonly surveys: SurveyMailer,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  @OnJob('sendSurvey')
  async sendSurvey(job: Job<JobData<'sendSurvey'>>): Promise<void> {
    await this.surveys.sendSurvey(job.data.surveyId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  }
}
