import { Clock } from '../../src/clock/clock';

/**
 * The app's Clock in tests (createTestApp provides it): the real time plus however far the test has
 * moved it, so a test waits out a lifetime in no time at all. Only rules read through Clock move;
 * Redis's own key expiry and timers do not.
 */
export class TestClock extends Clock {
  private offsetMs = 0;

  override nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves this app's time forward by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
