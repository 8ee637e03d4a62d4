/** A median and a 90th percentile, in minutes; null when there is nothing to measure. */
export interface MinuteQuantiles {
  median_minutes: number | null;
  p90_minutes: number | null;
}

/**
 * The median and the 90th percentile of `values` by the nearest-rank method (the smallest value with
 * at least p% of the values at or below it): always one of the values, so exact minutes, as a team
 * reads them ("half were answered within 42 minutes"). Selection, not a sort: linear on average, for
 * the million values of a year.
 */
export function quantilesOf(values: readonly number[] | Uint32Array, { inPlace = false } = {}): MinuteQuantiles {
  const n = values.length;
  if (n === 0) {
    return { median_minutes: null, p90_minutes: null };
  }
  // `inPlace`: the caller's own array, which the selection may reorder (no copy of a million values).
  const work = inPlace && values instanceof Uint32Array ? values : Uint32Array.from(values);
  const medianRank = Math.ceil(0.5 * n) - 1;
  const p90Rank = Math.ceil(0.9 * n) - 1;
  const median = select(work, 0, n - 1, medianRank);
  // Everything from medianRank on is at least the median: the 90th percentile is among them.
  const p90 = select(work, medianRank, n - 1, p90Rank);
  return { median_minutes: median, p90_minutes: p90 };
}

/** Puts the k-th smallest of values[left..right] at index k (Hoare's selection) and answers it. */
function select(values: Uint32Array, left: number, right: number, k: number): number {
  let lo = left;
  let hi = right;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) {
        i += 1;
      }
      while (values[j] > pivot) {
        j -= 1;
      }
      if (i <= j) {
        const swap = values[i];
        values[i] = values[j];
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) {
      hi = j;
    } else if (k >= i) {
      lo = i;
    } else {
      return values[k];
    }
  }
  return values[k];
}
