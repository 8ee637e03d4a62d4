import { Logger } from '@nestjs/common';

const REPORT_EVERY_MS = 60_000;

/**
 * Runs a Redis-backed limiter step; when Redis fails, answers `fallback` (let the request through)
 * and logs at most once a minute, so an outage does not flood the logs.
 */
export class FailOpen {
  private lastReportAt = 0;
  private suppressed = 0;

  constructor(private readonly logger: Logger) {}

  async run<T>(step: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await step();
    } catch (error) {
      const now = Date.now();
      if (now - this.lastReportAt >= REPORT_EVERY_MS) {
        const more = this.suppressed > 0 ? ` (${this.suppressed} more since the last report)` : '';
        this.logger.error(`Rate limiting is failing open, Redis unavailable: ${(error as Error).message}${more}`);
        this.lastReportAt = now;
        this.suppressed = 0;
      } else {
        this.suppressed++;
      }
      return fallback;
    }
  }
}
