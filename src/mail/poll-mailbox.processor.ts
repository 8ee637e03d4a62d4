import { Processor } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { JobProducer } from '../queue/job-producer';
import { JobProcessor } from '../queue/job-processor';
import { MAILBOX_QUEUE } from '../queue/queue.constants';
import { MailboxPoller } from './mailbox-poller';

/** How often a worker that could not declare the schedule (Redis away at start) tries again. */
const DECLARE_RETRY_MS = 5_000;

/**
 * Polls INBOUND_IMAP_URL every INBOUND_POLL_INTERVAL seconds: one BullMQ job scheduler however many
 * workers declare it, and one poll at a time per worker (the queue's concurrency is 1).
 */
@Processor(MAILBOX_QUEUE)
export class PollMailboxProcessor
  extends JobProcessor<Record<string, never>>
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  protected readonly queue = MAILBOX_QUEUE;
  private readonly logger = new Logger(PollMailboxProcessor.name);
  private retry?: NodeJS.Timeout;

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
    const declare = (): Promise<void> =>
      this.jobs.schedule('pollMailbox', this.config.mail.pollInterval * 1000).catch((error: Error) => {
        this.logger.warn(`Mailbox poll schedule not declared yet (${error.message}); trying again`);
        this.retry = setTimeout(() => void declare(), DECLARE_RETRY_MS);
        this.retry.unref();
      });
    await declare();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.retry);
  }

  protected async handle(): Promise<void> {
    const handed = await this.poller.pollOnce();
    if (handed > 0) {
      this.logger.log(`Mailbox poll: ${handed} message(s) taken`);
    }
  }
}
