import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobProducer } from '../queue/job-producer';
import { OnJob, WorksQueue } from '../queue/job-handlers';
import { JobProcessor } from '../queue/job-processor';
import { MAILBOX_QUEUE } from '../queue/queue.constants';
import { MailboxPoller } from './mailbox-poller';

/**
 * Polls INBOUND_IMAP_URL every INBOUND_POLL_INTERVAL seconds: one BullMQ job scheduler however many
 * workers declare it, and one poll at a time per worker (the queue's concurrency is 1).
 */
@WorksQueue(MAILBOX_QUEUE)
export class PollMailboxProcessor extends JobProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(PollMailboxProcessor.name);

  constructor(
    private readonly poller: MailboxPoller,
    private readonly jobs: JobProducer,
    config: AppConfig,
    metrics: MetricsService,
  ) {
    super(config, metrics);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.mail.imapUrl) {
      return;
    }
    await this.jobs.keepScheduled('pollMailbox', this.config.mail.pollInterval * 1000);
  }

  @OnJob('pollMailbox')
  async poll(): Promise<void> {
    const handed = await this.poller.pollOnce();
    if (handed > 0) {
      this.logger.log(`Mailbox poll: ${handed} message(s) taken`);
    }
  }
}
