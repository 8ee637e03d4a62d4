import { Injectable } from '@nestjs/common';

/**
 * The time, for every rule that depends on it (token and session lifetimes, lockout windows, reuse
 * grace periods, retention): one provider, so a test moves time (test/support/test-clock.ts) instead
 * of sleeping past a lifetime. Timestamps that only record when something happened may read it too.
 */
@Injectable()
export class Clock {
  /** Milliseconds since the epoch. */
  nowMs(): number {
    return Date.now();
  }

  now(): Date {
    return new Date(this.nowMs());
  }
}
