import { Logger } from '@nestjs/common';

/** How long the mark after an accepted send is tried again in place before the job fails (ms, doubling). */
const MARK_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];

/**
 * Records that the SMTP server took a mail, asking the database again in place while it refuses
 * (MARK_RETRY_DELAYS_MS): the mail is out, and a job that failed now would send it again. A mark that
 * finds the row moved on already (a previous try's mark committed though its answer was lost) is done.
 * The waits are a backoff against a database that is away: no event says when it is back.
 */
export async function markAfterSend(mark: () => Promise<unknown>, logger: Logger, what: string): Promise<void> {
  for (const delay of [...MARK_RETRY_DELAYS_MS, null]) {
    try {
      await mark();
      return;
    } catch (error) {
      if (delay === null) {
        throw error;
      }
      logger.warn(`${what} sent, not yet marked (${(error as Error).message}); asking again in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
