import { Clock } from '../../src/clock/clock';

/**
 * The app's Clock in tests (createTestApp provides it): the real time plus however far the test has
 * moved it, so a test waits out a lifetime in no time at all. Only rules read through Clock move;
 * Redis's own key expiry and timers do not.
 */
export class TestClock extends Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  override nowMs(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /** Moves this app's time forward by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
    if (this.frozenAt !== null) {
      this.frozenAt += ms;
    }
  }

  /**
   * Sets this app's time to `at`, for rules that depend on the calendar: it runs on from there, or with
   * `frozen` stays there until moved (a due time computed from "now" is then exact to the millisecond).
   */
  setTo(at: Date, { frozen = false } = {}): void {
    this.offsetMs = at.getTime() - Date.now();
    this.frozenAt = frozen ? at.getTime() : null;
  }
}
