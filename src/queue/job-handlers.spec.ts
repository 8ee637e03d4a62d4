import { Processor } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { SendMessageProcessor, SendSurveyProcessor } from '../conversations/send-message.processor';
import { SlaProcessor } from '../service-levels/sla.processor';
import { SubmissionProcessor } from '../delivery/submission.processor';
import { PollMailboxProcessor } from '../mail/poll-mailbox.processor';
import { MetricsService } from '../metrics/metrics.service';
import { RetentionProcessor } from '../privacy/retention.processor';
import { WebhookProcessor } from '../webhooks/webhook.processor';
import { JobData, JOBS } from './job-catalogue';
import { checkOneProcessorPerQueue, OnJob, WorksQueue } from './job-handlers';
import { JobProcessor } from './job-processor';
import { MAIL_QUEUE } from './queue.constants';

const config = {} as AppConfig;
const metrics = { startJobTimer: () => () => undefined } as unknown as MetricsService;
const jobNamed = (name: string, data: unknown = {}) => ({ name, data }) as Job;

describe('job handlers', () => {
  it('refuses a processor without a handler for one of its queue’s kinds', () => {
    @WorksQueue(MAIL_QUEUE)
    class MissingOne extends JobProcessor {
      @OnJob('sendMessage')
      async send(): Promise<void> {}

      @OnJob('notifyAssignee')
      async notifyAssignee(): Promise<void> {}
    }
    expect(() => new MissingOne(config, metrics)).toThrow(
      "MissingOne works queue mail but has no handler for its job kind 'notifyAssignment' (job name notify-assignment)",
    );
  });

  it('refuses two handlers for one kind', () => {
    @WorksQueue(MAIL_QUEUE)
    class Twice extends JobProcessor {
      @OnJob('sendMessage')
      async send(): Promise<void> {}

      @OnJob('sendMessage')
      async sendToo(): Promise<void> {}

      @OnJob('notifyAssignee')
      async notifyAssignee(): Promise<void> {}

      @OnJob('notifyAssignment')
      async notifyAssignment(): Promise<void> {}
    }
    expect(() => new Twice(config, metrics)).toThrow(
      "Twice has 2 handlers for job kind 'sendMessage' (send(), sendToo())",
    );
  });

  it('refuses a handler for a kind of another queue', () => {
    @WorksQueue(MAIL_QUEUE)
    class Stray extends JobProcessor {
      @OnJob('retention')
      async run(): Promise<void> {}
    }
    expect(() => new Stray(config, metrics)).toThrow(
      "Stray.run() handles 'retention', whose jobs go to queue maintenance, but Stray works queue mail",
    );
  });

  it('refuses a processor that names its queue only to BullMQ', () => {
    @Processor(MAIL_QUEUE)
    class Unchecked extends JobProcessor {}
    expect(() => new Unchecked(config, metrics)).toThrow('Unchecked works no queue');
  });

  it('hands each job to the handler of its kind, and fails a job of no kind for good', async () => {
    const ran: string[] = [];
    @WorksQueue(MAIL_QUEUE)
    class Mail extends JobProcessor {
      @OnJob('sendMessage')
      send(job: Job<JobData<'sendMessage'>>): Promise<void> {
        ran.push(`send ${job.data.messageId}`);
        return Promise.resolve();
      }

      @OnJob('notifyAssignee')
      notifyAssignee(job: Job<JobData<'notifyAssignee'>>): Promise<void> {
        ran.push(`assignee ${job.data.messageId}`);
        return Promise.resolve();
      }

      @OnJob('notifyAssignment')
      notifyAssignment(job: Job<JobData<'notifyAssignment'>>): Promise<void> {
        ran.push(`assignment ${job.data.eventId}`);
        return Promise.resolve();
      }
    }
    const processor = new Mail(config, metrics);
    await processor.process(jobNamed(JOBS.notifyAssignee.name, { messageId: 'm1' }));
    await processor.process(jobNamed(JOBS.sendMessage.name, { messageId: 'm2' }));
    await processor.process(jobNamed(JOBS.notifyAssignment.name, { eventId: 'e1' }));
    expect(ran).toEqual(['assignee m1', 'send m2', 'assignment e1']);
    // A kind of another queue is no kind of this one's (a survey goes to `surveys`).
    await expect(processor.process(jobNamed(JOBS.sendSurvey.name, { surveyId: 's1' }))).rejects.toThrow(
      UnrecoverableError,
    );
    await expect(processor.process(jobNamed('send-fax'))).rejects.toThrow(UnrecoverableError);
  });

  it('refuses two processors of one queue in a process', () => {
    const processors = [SendMessageProcessor, SendMessageProcessor].map(
      (Class) => new Class({} as never, {} as never, config, metrics),
    );
    expect(() => checkOneProcessorPerQueue(processors)).toThrow(
      'Queue mail is worked by SendMessageProcessor and SendMessageProcessor',
    );
  });

  it('finds one handler for every kind in the service’s processors, one processor per queue', () => {
    const processors = [
      new SubmissionProcessor({} as never, config, metrics),
      new WebhookProcessor({} as never, config, metrics),
      new SendMessageProcessor({} as never, {} as never, config, metrics),
      new SendSurveyProcessor({} as never, config, metrics),
      new SlaProcessor({} as never, config, metrics),
      new PollMailboxProcessor({} as never, {} as never, config, metrics),
      new RetentionProcessor({} as never, {} as never, {} as never, config, metrics),
    ];
    expect(() => checkOneProcessorPerQueue(processors)).not.toThrow();
  });
});
