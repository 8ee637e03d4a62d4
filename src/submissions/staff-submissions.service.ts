import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { FieldCipher } from '../database/field-cipher';
import { Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { SubmissionCountsQuery, SubmissionFilterQuery } from './dto/submission-list.query';
import {
  HistoryItemView,
  NoteView,
  SubmissionDetailView,
  SubmissionPageView,
  SubmissionView,
} from './dto/staff-submission.views';
import { UpdateSubmissionDto } from './dto/update-submission.dto';
import { SubmissionNoteEntity } from './entities/submission-note.entity';
import { SubmissionEntity } from './entities/submission.entity';
import { unreadableOf } from './staff-submission';
import { csvLine, csvRowOf, CSV_COLUMNS, UTF8_BOM } from './submissions-csv';
import { toBooleanSearch } from './submission-search';
import { WORKFLOW_STATUSES, WorkflowStatus } from './submission-state';
import { Priority } from './submission-priority';
import { normalizedTags, tagKey } from './submission-tags';
import { SubmissionNotesRepository } from './submission-notes.repository';
import { SubmissionTagsRepository } from './submission-tags.repository';
import { SubmissionFilter, SubmissionsRepository, WorkflowChanges } from './submissions.repository';
import { SubmissionHooks } from './submission-hooks';
import { refOf } from './submission-ref';

/** How long the per-status counts may be served from memory: the console polls them every few seconds. */
const COUNTS_CACHE_MS = 2_000;
const EXPORT_PAGE = 500;
/** How many of the same person's other submissions the detail lists. */
const HISTORY_SIZE = 20;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** What the list answers for a word search while personal columns are encrypted. */
const SEARCH_UNAVAILABLE = 'unavailable: encrypted';
/** A `q` that is one e-mail address: matched exactly, even when encrypted. */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
const changedMeanwhile = () => new ApiException(HttpStatus.PRECONDITION_FAILED, 'Submission changed; reload it');

/** What staff do with submissions: list, count, read, change status and assignee, note, redeliver, export. */
@Injectable()
export class StaffSubmissionsService {
  private readonly logger = new Logger(StaffSubmissionsService.name);
  /**
   * The unfiltered counts, shared for COUNTS_CACHE_MS. Forgetting them drops the entry but lets a
   * count in flight finish for those already waiting on it (an LRU fetch aborted by clear() failed its
   * waiters: a 500 on the counts whenever a change landed mid-count).
   */
  private cachedCounts: { until: number; counts: Promise<Record<WorkflowStatus, number>> } | null = null;

  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly notes: SubmissionNotesRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly accounts: StaffAccountsRepository,
    private readonly audit: AuditService,
    private readonly hooks: SubmissionHooks,
    private readonly transactions: Transactions,
    private readonly cipher: FieldCipher,
  ) {}

  /** A page newest first and the cursor of the next (null on the last page). */
  async list(
    query: SubmissionFilterQuery,
    viewerId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<SubmissionPageView> {
    const filter = this.filterOf(query, viewerId);
    if (filter === SEARCH_UNAVAILABLE) {
      return { items: [], next_cursor: null, search: SEARCH_UNAVAILABLE };
    }
    // One row more than asked says whether another page follows.
    const rows = await this.submissions.findPage(filter, cursor, limit + 1);
    const page = rows.slice(0, limit);
    const matching = page.filter(this.sameAddressAs(query));
    const tags = await this.tags.ofSubmissions(matching.map((row) => row.id));
    return {
      items: matching.map((row) => toSubmissionView(row, tags.get(row.id) ?? [])),
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
    const filter = this.filterOf(query, viewerId);
    if (filter === SEARCH_UNAVAILABLE) {
      return Object.fromEntries(WORKFLOW_STATUSES.map((status) => [status, 0])) as Record<WorkflowStatus, number>;
    }
    return this.submissions.countByStatus(filter);
  }

  /** Forgets the cached counts: a submission arrived or changed (in this process or another). */
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

  async detail(id: string): Promise<SubmissionDetailView> {
    const submission = await this.submissions.findWithRefs(id);
    if (!submission) {
      throw notFound();
    }
    const [deliveries, notes, events, sections, history, tags] = await Promise.all([
      this.submissions.deliveriesOf(id),
      this.notes.forSubmission(id),
      this.audit.timelineOf(id),
      this.hooks.detailSectionsOf(id),
      this.historyOf(submission),
      this.tags.of(id),
    ]);
    return {
      ...toSubmissionView(submission, tags),
      client_ip: submission.clientIp,
      user_agent: submission.userAgent,
      attempts: submission.attempts,
      last_error: submission.lastError,
      processed_at: iso(submission.processedAt),
      deliveries: deliveries.map((delivery) => ({
        channel: delivery.channel,
        attempts: delivery.attempts,
        last_error: delivery.lastError,
        last_attempt_at: iso(delivery.lastAttemptAt),
        delivered_at: iso(delivery.deliveredAt),
      })),
      webhooks: (sections.webhooks as object[] | undefined) ?? [],
      timeline: (sections.timeline as object[] | undefined) ?? [],
      history,
      notes: notes.map(toNoteView),
      events: await this.audit.views(events),
    };
  }

  /**
   * The same person's other submissions, newest first (HISTORY_SIZE): by the address's keyed hash, so
   * it works with encryption at rest, then compared as privacy matching compares (never a look-alike).
   */
  private async historyOf(submission: SubmissionEntity): Promise<HistoryItemView[]> {
    const hashes = submission.email
      ? this.cipher.emailHashes(submission.email)
      : submission.emailHash
        ? [submission.emailHash]
        : [];
    if (hashes.length === 0) {
      return [];
    }
    const rows = await this.submissions.historyOf(hashes, submission.id, HISTORY_SIZE);
    return rows
      .filter((row) => !submission.email || this.cipher.isSameEmail(row, submission.email))
      .map((row) => ({ id: row.id, ref: refOf(row.id), status: row.status, created_at: row.createdAt.toISOString() }));
  }

  /**
   * Changes status and/or assignee if the submission is still at a version If-Match names: a stale or
   * concurrent writer gets 412 (the UPDATE is conditional on the version read). Each changed field is
   * one audit event.
   */
  async update(
    id: string,
    ifMatch: 'any' | number[],
    changes: UpdateSubmissionDto,
    actor: Actor,
  ): Promise<SubmissionDetailView> {
    const current = await this.submissions.findById(id);
    if (!current) {
      throw notFound();
    }
    if (ifMatch !== 'any' && !ifMatch.includes(current.version)) {
      throw changedMeanwhile();
    }
    const next: WorkflowChanges = {};
    if (changes.status !== undefined && changes.status !== current.status) {
      next.status = changes.status;
      // Closing stamps closed_at; any other move (reopening included) clears it.
      next.closedAt = changes.status === 'closed' ? new Date() : null;
    }
    if (changes.assignee_id !== undefined && changes.assignee_id !== current.assigneeId) {
      if (changes.assignee_id !== null) {
        const assignee = await this.accounts.findById(changes.assignee_id);
        if (!assignee || assignee.disabledAt) {
          throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: assignee_id');
        }
      }
      next.assigneeId = changes.assignee_id;
    }
    if (changes.priority !== undefined && changes.priority !== current.priority) {
      next.priority = changes.priority;
    }
    const tags = await this.tagChange(id, changes.tags);
    if (Object.keys(next).length > 0 || tags) {
      // The row, its audit events and what other rooms record for the change (webhook deliveries)
      // commit together: a crash anywhere in between leaves all of them or none.
      const afterCommit = await this.transactions.run(async (tx) => {
        if (!(await this.submissions.updateWorkflow(id, current.version, next, tx))) {
          throw changedMeanwhile();
        }
        // One event per changed field: `{field: before}` -> `{field: after}`.
        const recordChange = (action: string, field: string, before: unknown, after: unknown) =>
          this.audit.record(
            actor,
            { action, target: { type: 'submission', id }, before: { [field]: before }, after: { [field]: after } },
            tx,
          );
        if (tags) {
          await this.tags.replace(id, tags.after, tx);
          await recordChange('submission.tags_changed', 'tags', tags.before, tags.after);
        }
        if (next.priority !== undefined) {
          await recordChange('submission.priority_changed', 'priority', current.priority, next.priority);
        }
        let work: (() => Promise<void>)[] = [];
        if (next.status !== undefined) {
          const event = await recordChange('submission.status_changed', 'status', current.status, next.status);
          work = await this.hooks.statusChanged(
            {
              submissionId: id,
              apiKeyId: current.apiKeyId,
              before: current.status,
              after: next.status,
              actorId: actor.id,
              auditEventId: event.id,
            },
            tx,
          );
        }
        if (next.assigneeId !== undefined) {
          const event = await recordChange('submission.assigned', 'assignee_id', current.assigneeId, next.assigneeId);
          work.push(
            ...(await this.hooks.assigned(
              {
                submissionId: id,
                apiKeyId: current.apiKeyId,
                before: current.assigneeId,
                after: next.assigneeId,
                actorId: actor.id,
                auditEventId: event.id,
              },
              tx,
            )),
          );
        }
        return work;
      });
      if (next.status !== undefined) {
        this.forgetCounts();
      }
      this.hooks.changed({ submissionId: id, version: current.version + 1 });
      // Queueing after commit: a failure (Redis away) is logged, never the PATCH's; what it would have
      // queued is committed, and the queue reconciler adds it.
      for (const work of afterCommit) {
        await work().catch((error: Error) => this.logger.warn(`After the change of ${id}: ${error.message}`));
      }
    }
    return this.detail(id);
  }

  /**
   * The labels a PATCH asks for against those the submission has: null when it asks nothing, or for
   * the same labels (normalised, in the same order and spelling), which changes nothing.
   */
  private async tagChange(id: string, asked: unknown): Promise<{ before: string[]; after: string[] } | null> {
    if (asked === undefined) {
      return null;
    }
    // The DTO has refused what does not normalise; null here would be a bug, answered as the field.
    const after = normalizedTags(asked);
    if (after === null) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: tags');
    }
    const before = await this.tags.of(id);
    return before.join('\n') === after.join('\n') ? null : { before, after };
  }

  async addNote(submissionId: string, body: string, actor: Actor & { id: string }): Promise<NoteView> {
    if (!(await this.submissions.findById(submissionId))) {
      throw notFound();
    }
    const note: SubmissionNoteEntity = {
      id: uuidv7(),
      submissionId,
      authorId: actor.id,
      body,
      createdAt: new Date(),
      encKeyId: null,
    };
    await this.notes.insert(note);
    await this.audit.record(actor, {
      action: 'submission.note_added',
      target: { type: 'submission', id: submissionId },
      after: { note_id: note.id },
    });
    this.hooks.changed({ submissionId });
    const author = await this.accounts.findById(actor.id);
    return toNoteView({ ...note, author: author ?? undefined });
  }

  /**
   * The CSV export of a filter, produced page by page (keyset, EXPORT_PAGE rows per query) so memory
   * stays constant whatever the size. The export itself is an audit event (its filters, not the words).
   */
  async *exportCsv(query: SubmissionFilterQuery, viewerId: string, actor: Actor): AsyncGenerator<string> {
    const filter = this.filterOf(query, viewerId);
    await this.audit.record(actor, {
      action: 'submissions.exported',
      after: {
        status: query.status ?? null,
        assignee: query.assignee ?? null,
        api_key: query.api_key ?? null,
        from: query.from ?? null,
        to: query.to ?? null,
        tag: query.tag ?? null,
        priority: query.priority ?? null,
        search: Boolean(query.q),
      },
    });
    yield `${UTF8_BOM}${csvLine([...CSV_COLUMNS])}`;
    if (filter === SEARCH_UNAVAILABLE) {
      return;
    }
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.submissions.findPage(filter, cursor, EXPORT_PAGE);
      const matching = rows.filter(this.sameAddressAs(query));
      if (matching.length > 0) {
        const tags = await this.tags.ofSubmissions(matching.map((row) => row.id));
        yield matching.map((row) => csvRowOf(row, tags.get(row.id) ?? [])).join('');
      }
      if (rows.length < EXPORT_PAGE) {
        return;
      }
      cursor = rows[rows.length - 1].id;
    }
  }

  /**
   * With an address search by hash (see filterOf), keeps the rows that carry the address itself: a
   * hash of the old form may also stand for an address that only Unicode case folding made alike.
   * A page may then hold fewer rows than asked; its cursor still follows the last row read.
   */
  private sameAddressAs(query: SubmissionFilterQuery): (row: SubmissionEntity) => boolean {
    const address = query.q?.trim();
    return this.cipher.enabled && address && EMAIL_ADDRESS.test(address)
      ? (row) => this.cipher.isSameEmail(row, address)
      : () => true;
  }

  /**
   * The repository's filter for what staff asked. With encryption at rest the words of `q` are not in
   * any index: an e-mail address is still found (exactly, by its keyed hash), other words cannot be.
   */
  private filterOf(query: SubmissionFilterQuery, viewerId: string): SubmissionFilter | typeof SEARCH_UNAVAILABLE {
    const { q, ...rest } = query;
    if (!q || !this.cipher.enabled) {
      return filterOf(query, viewerId);
    }
    if (!EMAIL_ADDRESS.test(q.trim())) {
      return SEARCH_UNAVAILABLE;
    }
    return { ...filterOf(rest, viewerId), emailHashes: this.cipher.emailHashes(q) };
  }
}

function filterOf(query: SubmissionFilterQuery, viewerId: string): SubmissionFilter {
  const filter: SubmissionFilter = {};
  if (query.tag) {
    filter.tagKey = tagKey(query.tag);
  }
  if (query.priority) {
    filter.priorities = [...new Set(query.priority.split(','))] as Priority[];
  }
  if (query.status) {
    filter.statuses = [...new Set(query.status.split(','))] as WorkflowStatus[];
  }
  if (query.assignee) {
    filter.assigneeId = query.assignee === 'me' ? viewerId : query.assignee === 'none' ? null : query.assignee;
  }
  if (query.api_key) {
    filter.apiKeyId = query.api_key;
  }
  if (query.q) {
    const search = toBooleanSearch(query.q);
    if (!search) {
      // Only stopwords or punctuation: nothing the index can find, and listing everything would mislead.
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: q');
    }
    filter.search = search;
  }
  if (query.from) {
    filter.from = new Date(query.from);
  }
  if (query.to) {
    // A date means its whole day (UTC); a date-time is included itself.
    const to = new Date(query.to);
    filter.before = new Date(to.getTime() + (DATE_ONLY.test(query.to) ? DAY_MS : 1));
  }
  return filter;
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toSubmissionView(submission: SubmissionEntity, tags: string[]): SubmissionView {
  return {
    id: submission.id,
    status: submission.status,
    delivery_state: submission.state,
    assignee: submission.assignee ? { id: submission.assignee.id, name: submission.assignee.name } : null,
    api_key: { id: submission.apiKeyId, name: submission.apiKey?.name ?? '' },
    // Null when unreadable (see SubmissionEntity.unreadable), but a string to every client.
    name: submission.name ?? '',
    email: submission.email,
    phone: submission.phone,
    business: submission.business,
    message: submission.message,
    version: submission.version,
    created_at: submission.createdAt.toISOString(),
    closed_at: iso(submission.closedAt),
    ref: refOf(submission.id),
    first_response_at: iso(submission.firstResponseAt),
    spam_reasons: submission.spamReasons ? submission.spamReasons.split(',') : [],
    priority: submission.priority,
    tags,
    ...unreadableOf(submission),
  };
}

function toNoteView(note: SubmissionNoteEntity): NoteView {
  return {
    id: note.id,
    body: note.body ?? '',
    author: { id: note.authorId, name: note.author?.name ?? '' },
    created_at: note.createdAt.toISOString(),
    ...unreadableOf(note),
  };
}
