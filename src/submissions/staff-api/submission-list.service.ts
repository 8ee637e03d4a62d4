import { Injectable } from '@nestjs/common';
import { SubmissionCountsQuery, SubmissionFilterQuery } from './dto/submission-list.query';
import { SubmissionPageView, toSubmissionView } from './dto/staff-submission.views';
import { SEARCH_UNAVAILABLE, StaffSubmissionFilter } from './staff-submission-filter';
import { SubmissionChangesElsewhere } from '../facts/changes-elsewhere';
import { OnSubmissionFact } from '../facts/submission-facts';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../lifecycle/submission-state';
import { SubmissionTagsRepository } from '../lifecycle/submission-tags.repository';
import { SubmissionFields } from '../lifecycle/submission-fields.service';
import { StaffSubmissionsRepository, SubmissionOrder } from './staff-submissions.repository';

/** How long the per-status counts may be served from memory: the console polls them every few seconds. */
const COUNTS_CACHE_MS = 2_000;

/** Staff's list of submissions and the per-status counts of its tabs. */
@Injectable()
export class SubmissionListService {
  /**
   * The unfiltered counts, shared for COUNTS_CACHE_MS. Forgetting them drops the entry but lets a
   * count in flight finish for those already waiting on it (an LRU fetch aborted by clear() failed its
   * waiters: a 500 on the counts whenever a change landed mid-count).
   */
  private cachedCounts: { until: number; counts: Promise<Record<WorkflowStatus, number>> } | null = null;

  constructor(
    private readonly submissions: StaffSubmissionsRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly fields: SubmissionFields,
    private readonly filter: StaffSubmissionFilter,
    elsewhere: SubmissionChangesElsewhere,
  ) {
    // Other processes' changes reach this process as live events (SubmissionChangesElsewhere).
    elsewhere.listen(() => this.forgetCounts());
  }

  /** A page in `order` and the cursor of the next (null on the last page). */
  async list(
    query: SubmissionFilterQuery,
    viewerId: string,
    cursor: string | undefined,
    limit: number,
    order: SubmissionOrder = 'newest',
  ): Promise<SubmissionPageView> {
    const filter = await this.filter.of(query, viewerId);
    if (filter === SEARCH_UNAVAILABLE) {
      return { items: [], next_cursor: null, search: SEARCH_UNAVAILABLE };
    }
    // One row more than asked says whether another page follows.
    const rows = await this.submissions.findPage(filter, cursor, limit + 1, order);
    const page = rows.slice(0, limit);
    const matching = page.filter(this.filter.sameAddressAs(query));
    const [tags, fields] = await Promise.all([
      this.tags.ofSubmissions(matching.map((row) => row.id)),
      this.fields.of(matching),
    ]);
    return {
      items: matching.map((row) => toSubmissionView(row, tags.get(row.id) ?? [], fields.get(row.id) ?? [])),
      next_cursor: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  /**
   * Submissions per status. Unfiltered (the tabs' counts, polled by every open console) from a cache
   * of COUNTS_CACHE_MS; with filters (a search, say: where are the matches?) counted now.
   */
  async countByStatus(query: SubmissionCountsQuery, viewerId: string): Promise<Record<WorkflowStatus, number>> {
    if (Object.values(query).every((value) => value === undefined)) {
      return this.unfilteredCounts();
    }
    const filter = await this.filter.of(query, viewerId);
    if (filter === SEARCH_UNAVAILABLE) {
      return Object.fromEntries(WORKFLOW_STATUSES.map((status) => [status, 0])) as Record<WorkflowStatus, number>;
    }
    return this.submissions.countByStatus(filter);
  }

  /**
   * Forgets the cached counts: a submission arrived or moved status in this process, or in another
   * (heard through SubmissionChangesElsewhere).
   */
  @OnSubmissionFact({ phase: 'after commit', facts: ['received', 'status_changed', 'message_received'] })
  forgetCounts(): void {
    this.cachedCounts = null;
  }

  private unfilteredCounts(): Promise<Record<WorkflowStatus, number>> {
    const now = Date.now();
    if (!this.cachedCounts || this.cachedCounts.until <= now) {
      const counts = this.submissions.countByStatus();
      const entry = { until: now + COUNTS_CACHE_MS, counts };
      this.cachedCounts = entry;
      // A failed count is not kept: the next caller asks again.
      counts.catch(() => {
        if (this.cachedCounts === entry) {
          this.cachedCounts = null;
        }
      });
    }
    return this.cachedCounts.counts;
  }
}
