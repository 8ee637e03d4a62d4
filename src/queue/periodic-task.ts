import { Logger } from '@nestjs/common';

/**
 * Runs `pass` every `seconds` in this process, never two passes at once, and lets shutdown wait for
 * the one in flight. For work each process must do itself: the outbox relay (what this process
 * committed but could not queue) and the queue reconciler (which workers run side by side; every
 * pass is idempotent). A failed pass is logged and the next one tries again.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly what: string,
    private readonly logger: Logger,
    private readonly pass: () => Promise<unknown>,
  ) {}

  /** Starts the interval; `seconds` 0 leaves it off. */
  start(seconds: number): void {
    if (seconds > 0) {
      this.timer = setInterval(() => void this.runOnce(), seconds * 1000);
      this.timer.unref();
    }
  }

  /** One pass now, unless one is running (then that one's end). */
  runOnce(): Promise<void> {
    this.running ??= this.pass()
      .then(() => undefined)
      .catch((error: Error) => this.logger.warn(`${this.what} pass failed: ${error.message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops the interval; resolves when the pass in flight (if any) has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
