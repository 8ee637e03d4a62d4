/** How long a scrape waits for a value read from the database before keeping the last one. */
export const SCRAPE_READ_TIMEOUT_MS = 1_000;

/**
 * `read`, or a rejection after SCRAPE_READ_TIMEOUT_MS: a database that is away must not hang
 * /metrics (Prometheus would mark the whole target down instead of the one gauge stale).
 */
export function withinScrape<T>(read: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    read,
    new Promise<never>((_resolve, reject) => {
      setTimeout(() => reject(new Error(`${what} timed out`)), SCRAPE_READ_TIMEOUT_MS).unref();
    }),
  ]);
}
