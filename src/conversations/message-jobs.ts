import { Injectable, Logger } from '@nestjs/common';
import { JobProducer } from '../queue/job-producer';
import { OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';

/**
 * The `sendMessage` jobs of stored messages (replies, acknowledgements, retries). A job Redis refuses
 * is the reconciler's: the message stays `queued` and is added again from its row.
 */
@Injectable()
export class MessageJobs {
  private readonly logger = new Logger(MessageJobs.name);

  constructor(private readonly jobs: JobProducer) {}

  /** Queues a stored message's job; a failure (Redis away) is left to the reconciler. */
  async queue(messageId: string): Promise<void> {
    await this.jobs.enqueue('sendMessage', [{ messageId }]).catch((error: Error) => {
      this.logger.warn(`Message ${messageId} not queued yet (${error.message}); the reconciler will add it`);
    });
  }

  /** A retried message's job, now: one Redis refuses is the reconciler's (the message stays `queued`). */
  @OnSubmissionFact({ phase: 'after commit', facts: ['message_retried'] })
  async sendRetried(fact: SubmissionFact<'message_retried'>): Promise<void> {
    await this.jobs.runAgain('sendMessage', { messageId: fact.data.messageId });
  }
}
