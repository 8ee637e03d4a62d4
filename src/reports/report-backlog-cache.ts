import { Injectable } from '@nestjs/common';

/** How long a report's open-work counts may be served from memory, and for how many scopes. */
const BACKLOG_CACHE_MS = 10_000;
const BACKLOG_CACHE_ENTRIES = 200;

/**
 * A report's open work now (new, open, pending) by scope, kept for BACKLOG_CACHE_MS: counting every
 * open submission reads an index entry each, and a team lead's screen asks again at every change of
 * period. Forgotten at once when this process changes or deletes a submission (ReportStaleDays);
 * another process's change shows within BACKLOG_CACHE_MS.
 */
@Injectable()
export class ReportBacklogCache {
  private readonly entries = new Map<string, { until: number; counts: Promise<Record<string, number>> }>();

  /** The cached counts of `scope`, or `count()`'s (kept unless it fails). */
  countsOf(scope: unknown, count: () => Promise<Record<string, number>>): Promise<Record<string, number>> {
    const key = JSON.stringify(scope);
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.until > now) {
      return cached.counts;
    }
    if (this.entries.size >= BACKLOG_CACHE_ENTRIES) {
      this.entries.clear();
    }
    const counts = count();
    const entry = { until: now + BACKLOG_CACHE_MS, counts };
    this.entries.set(key, entry);
    counts.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return counts;
  }

  forget(): void {
    this.entries.clear();
  }
}
