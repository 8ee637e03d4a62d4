import { quantilesOf } from './quantiles';

/** The nearest-rank percentile by sorting: the definition the selection must agree with. */
function byDefinition(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1];
}

describe('quantilesOf (nearest rank)', () => {
  it('answers null for nothing and the value itself for one', () => {
    expect(quantilesOf([])).toEqual({ median_minutes: null, p90_minutes: null });
    expect(quantilesOf([7])).toEqual({ median_minutes: 7, p90_minutes: 7 });
  });

  it('takes the smallest value with at least half (or 90 %) at or below it', () => {
    // Ranks for n = 4: median ceil(2) = 2nd smallest (20), p90 ceil(3.6) = 4th (40).
    expect(quantilesOf([40, 10, 30, 20])).toEqual({ median_minutes: 20, p90_minutes: 40 });
    // n = 10: median the 5th (5), p90 the 9th (9).
    expect(quantilesOf([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual({ median_minutes: 5, p90_minutes: 9 });
    // Repeated values.
    expect(quantilesOf([3, 3, 3, 1, 1])).toEqual({ median_minutes: 3, p90_minutes: 3 });
  });

  it('agrees with sorting on many pseudo-random lists, without changing its input', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 300; round += 1) {
      const values = Array.from({ length: 1 + (next() % 400) }, () => next() % (round % 2 ? 50 : 100000));
      const copy = [...values];
      expect(quantilesOf(values)).toEqual({
        median_minutes: byDefinition(values, 0.5),
        p90_minutes: byDefinition(values, 0.9),
      });
      expect(values).toEqual(copy);
    }
  });
});
