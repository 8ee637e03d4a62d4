import { Injectable, Logger } from '@nestjs/common';
import { OccasionalLog } from '../logging/occasional-log';

/**
 * Runs a Redis-backed limiter step; when Redis fails, answers `fallback` (the request goes through)
 * and logs at most once a minute for the whole process.
 */
@Injectable()
export class FailOpen {
  private readonly log = new OccasionalLog(new Logger('RateLimit'));

  async run<T>(step: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await step();
    } catch (error) {
      this.log.error(`Rate limiting is failing open, Redis unavailable: ${(error as Error).message}`);
      return fallback;
    }
  }
}
