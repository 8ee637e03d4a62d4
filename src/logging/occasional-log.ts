import { Logger } from '@nestjs/common';

/**
 * Logs a recurring error at most once per interval, with how many were left out since, so an outage
 * (Redis away, say) gives one line a minute instead of one per request or reconnect attempt.
 */
export class OccasionalLog {
  private lastAt = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = 60_000,
  ) {}

  error(message: string): void {
    const now = Date.now();
    if (now - this.lastAt < this.intervalMs) {
      this.suppressed++;
      return;
    }
    const more = this.suppressed > 0 ? ` (${this.suppressed} more since the last report)` : '';
    this.logger.error(`${message}${more}`);
    this.lastAt = now;
    this.suppressed = 0;
  }
}
