import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Actor } from '../../audit/actor';
import { Clock } from '../../clock/clock';
import { BeforeCommitBatch, Transaction, Transactions } from '../../database/transactions';
import { ApiException } from '../../http/api-exception';
import { StaffAccountsRepository } from '../../staff-accounts/staff-accounts.repository';
import { SubmissionDetailView } from '../staff-api/dto/staff-submission.views';
import { UpdateSubmissionDto } from './dto/update-submission.dto';
import { SubmissionDetailService } from '../staff-api/submission-detail.service';
import { SubmissionFactRecorder } from '../facts/submission-fact-recorder';
import { workflowChangeFacts } from '../facts/workflow-change-facts';
import { PRIORITIES, Priority } from '../lifecycle/submission-priority';
import { SETTABLE_STATUSES, workflowChangeRefused, WorkflowStatus } from '../lifecycle/submission-state';
import { MAX_TAGS, normalizedTags, tagKey } from '../lifecycle/submission-tags';
import { SubmissionTagsRepository } from '../lifecycle/submission-tags.repository';
import { PlannedFieldChange, SubmissionFieldChanges } from './submission-field-changes';
import {
  SubmissionWorkflowRepository,
  WorkflowChanges,
  WorkflowRow,
} from '../lifecycle/submission-workflow.repository';

const NOT_FOUND = 'Not found';
const CHANGED_MEANWHILE = 'Submission changed; reload it';
const notFound = () => new ApiException(HttpStatus.NOT_FOUND, NOT_FOUND);
const changedMeanwhile = () => new ApiException(HttpStatus.PRECONDITION_FAILED, CHANGED_MEANWHILE);

/**
 * Rows of a bulk change written per transaction. Each row is still its own conditional UPDATE (a lost
 * race costs that row only); grouping saves a commit (a log flush) per row: 500 rows in 10 commits,
 * and what subscribers write for the group's facts (webhook deliveries, service levels, report days)
 * is written once per group, just before its commit (BeforeCommitBatch).
 */
const BULK_GROUP = 50;
/**
 * Groups written at once. One: replacing a row's labels deletes its `submission_tags` by range, and the
 * gap locks of two groups at once meet at the boundary between their ids; with two groups and a label
 * in the change, 50-150 of 500 rows deadlocked past their retries (docs/performance.md). Today's
 * report day mark, once held for a whole group, is written just before the commit now.
 */
const BULK_PARALLEL_GROUPS = 1;

/**
 * One change of the workflow fields, as staff ask it: a PATCH's (`tags`, the whole new list) or a bulk
 * request's (`add_tags` and `remove_tags`, applied to each row's own labels). Values are valid here.
 */
export interface WorkflowChange {
  status?: WorkflowStatus;
  assignee_id?: string | null;
  priority?: Priority;
  tags?: string[];
  add_tags?: string[];
  remove_tags?: string[];
}

/** What one row of a bulk change came to. */
export interface BulkRowResult {
  id: string;
  ok: boolean;
  error?: string;
}

/** A row's change worked out against what was read of it: the columns to write and the labels before and after. */
interface PlannedChange {
  row: WorkflowRow;
  next: WorkflowChanges;
  tags: { before: string[]; after: string[] } | null;
  /** A PATCH's change of custom fields (null: none, or nothing new). */
  fields?: PlannedFieldChange | null;
}

/** Why a row's change is refused, with the status a single change answers it with. */
class RowRefusal {
  constructor(
    readonly status: HttpStatus,
    readonly message: string,
  ) {}
}

/**
 * Staff's changes of a submission's workflow fields (status, assignee, priority, tags), one at a time
 * (PATCH, If-Match) or up to 500 at once (bulk). Both go through the same per-row path: `plan` decides
 * from the row as read (the rules of a change: a merged submission takes none, `merged` is never set
 * by hand, an account must be active), `applyPlanned` writes it with an UPDATE conditional on the
 * version read, and records one fact per changed field in the change's transaction: the row, its
 * audit events and what subscribers write for them (webhook deliveries) commit together or not at all.
 */
@Injectable()
export class SubmissionChangesService {
  private readonly logger = new Logger(SubmissionChangesService.name);
  /**
   * The labels a transaction's changes set, written at once before it commits (two statements for a
   * bulk group, not two per row). A row's are added before its facts are recorded, so they are written
   * before anything their subscribers gather for the commit (service levels read labels then); no
   * subscriber reads a submission's labels in the fact itself.
   */
  private readonly labels = new BeforeCommitBatch<{ submissionId: string; tags: string[] }>((changes, tx) =>
    this.tags.replaceAll(changes, tx),
  );

  constructor(
    private readonly submissions: SubmissionWorkflowRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly accounts: StaffAccountsRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly detail: SubmissionDetailService,
    private readonly clock: Clock,
    private readonly fieldChanges: SubmissionFieldChanges,
  ) {}

  /**
   * Changes one submission if it is still at a version If-Match names: a stale or concurrent writer
   * gets 412 (the UPDATE is conditional on the version read).
   */
  async update(
    idAsSent: string,
    ifMatch: 'any' | number[],
    changes: UpdateSubmissionDto,
    actor: Actor,
  ): Promise<SubmissionDetailView> {
    // Stored in lower case: the database matches an id in any case, the map and the facts do not.
    const id = idAsSent.toLowerCase();
    const current = (await this.submissions.workflowRowsOf([id])).get(id);
    if (!current) {
      throw notFound();
    }
    if (ifMatch !== 'any' && !ifMatch.includes(current.version)) {
      throw changedMeanwhile();
    }
    const { fields: fieldsAsked, ...workflow } = changes;
    const change: WorkflowChange = { ...workflow };
    if (changes.tags !== undefined) {
      // The DTO has refused what does not normalise; null here would be a bug, answered as the field.
      const tags = normalizedTags(changes.tags);
      if (tags === null) {
        throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: tags');
      }
      change.tags = tags;
    }
    const planned = this.plan(current, change.tags !== undefined ? await this.tags.of(id) : [], change);
    if (planned instanceof RowRefusal) {
      throw new ApiException(planned.status, planned.message);
    }
    if (changes.assignee_id && planned.next.assigneeId !== undefined) {
      await this.checkAssignee(changes.assignee_id, 'assignee_id');
    }
    const fields = fieldsAsked === undefined ? null : await this.fieldChanges.plan(current, fieldsAsked);
    await this.transactions.run(async (tx) => {
      if (!(await this.applyPlanned({ ...planned, fields }, actor, tx))) {
        throw changedMeanwhile();
      }
    });
    return this.detail.detail(id);
  }

  /**
   * One change applied to up to 500 submissions, each under the rules of a single change. The rows
   * are read at once (workflow columns only); each row is then written by an UPDATE conditional on the
   * version read, so a row someone changed in between is reported (`Submission changed; reload it`),
   * never overwritten; rows are committed BULK_GROUP at a time. A missing id is `Not found`, a refused
   * change its message (`Submission is merged`, `Invalid field: add_tags` when a row would carry more
   * than ten labels). Answers one result per id, in the order given.
   */
  async bulk(ids: string[], rawChange: Record<string, unknown>, actor: Actor): Promise<BulkRowResult[]> {
    const change = bulkChangeOf(rawChange);
    if (change.assignee_id) {
      await this.checkAssignee(change.assignee_id, 'change.assignee_id');
    }
    const keys = ids.map((id) => id.toLowerCase());
    const tagged = change.add_tags !== undefined || change.remove_tags !== undefined;
    const [rows, labels] = await Promise.all([
      this.submissions.workflowRowsOf(keys),
      tagged ? this.tags.ofSubmissions(keys) : Promise.resolve(new Map<string, string[]>()),
    ]);
    const results = new Map<string, BulkRowResult>();
    const toWrite: PlannedChange[] = [];
    for (const id of keys) {
      const row = rows.get(id);
      if (!row) {
        results.set(id, { id, ok: false, error: NOT_FOUND });
        continue;
      }
      const planned = this.plan(row, labels.get(id) ?? [], change);
      if (planned instanceof RowRefusal) {
        results.set(id, { id, ok: false, error: planned.message });
      } else if (Object.keys(planned.next).length === 0 && !planned.tags) {
        // Already so: nothing to write, nothing to record.
        results.set(id, { id, ok: true });
      } else {
        toWrite.push(planned);
      }
    }
    // In id order within a group, so two bulk changes over the same rows lock them in the same order.
    toWrite.sort((a, b) => (a.row.id < b.row.id ? -1 : 1));
    const groups: PlannedChange[][] = [];
    for (let start = 0; start < toWrite.length; start += BULK_GROUP) {
      groups.push(toWrite.slice(start, start + BULK_GROUP));
    }
    let nextGroup = 0;
    const writer = async (): Promise<void> => {
      for (let group = groups[nextGroup++]; group; group = groups[nextGroup++]) {
        await this.writeGroup(group, actor, results);
      }
    };
    await Promise.all(Array.from({ length: BULK_PARALLEL_GROUPS }, writer));
    return keys.map((id) => results.get(id)!);
  }

  /** One group of a bulk change in one transaction; each row's result goes to `results`. */
  private async writeGroup(group: PlannedChange[], actor: Actor, results: Map<string, BulkRowResult>): Promise<void> {
    try {
      const lost = await this.transactions.run(async (tx) => {
        // Decided afresh by each attempt: a retried transaction starts from the database again.
        const missed = new Set<string>();
        for (const planned of group) {
          if (!(await this.applyPlanned(planned, actor, tx))) {
            missed.add(planned.row.id);
          }
        }
        return missed;
      });
      for (const { row } of group) {
        results.set(
          row.id,
          lost.has(row.id) ? { id: row.id, ok: false, error: CHANGED_MEANWHILE } : { id: row.id, ok: true },
        );
      }
    } catch (error) {
      this.logger.warn(`Bulk change of ${group.length} submissions failed: ${(error as Error).message}`);
      for (const { row } of group) {
        results.set(row.id, { id: row.id, ok: false, error: 'Not changed; try again' });
      }
    }
  }

  /** A change worked out against the row as read, or why it is refused. Reads nothing: the caller has. */
  private plan(row: WorkflowRow, tagsBefore: string[], change: WorkflowChange): PlannedChange | RowRefusal {
    const refused = workflowChangeRefused(row.status, change.status);
    if (refused) {
      return new RowRefusal(refused.startsWith('Invalid') ? HttpStatus.BAD_REQUEST : HttpStatus.CONFLICT, refused);
    }
    const next: WorkflowChanges = {};
    if (change.status !== undefined && change.status !== row.status) {
      next.status = change.status;
      // Closing stamps closed_at; any other move (reopening included) clears it.
      next.closedAt = change.status === 'closed' ? this.clock.now() : null;
    }
    if (change.assignee_id !== undefined && change.assignee_id !== row.assigneeId) {
      next.assigneeId = change.assignee_id;
    }
    if (change.priority !== undefined && change.priority !== row.priority) {
      next.priority = change.priority;
    }
    let after: string[] | null = null;
    if (change.tags !== undefined) {
      after = change.tags;
    } else if (change.add_tags !== undefined || change.remove_tags !== undefined) {
      const removed = new Set((change.remove_tags ?? []).map(tagKey));
      const kept = normalizedTags([...tagsBefore, ...(change.add_tags ?? [])]);
      if (kept === null) {
        return new RowRefusal(HttpStatus.BAD_REQUEST, 'Invalid field: add_tags');
      }
      after = kept.filter((tag) => !removed.has(tagKey(tag)));
    }
    const tags = after === null || tagsBefore.join('\n') === after.join('\n') ? null : { before: tagsBefore, after };
    return { row, next, tags };
  }

  /**
   * Writes a planned change in `tx` if the row is still at the version read, with one fact per changed
   * field. Answers false, having written nothing, when the row changed meanwhile (or went).
   */
  private async applyPlanned(
    { row, next, tags, fields }: PlannedChange,
    actor: Actor,
    tx: Transaction,
  ): Promise<boolean> {
    if (Object.keys(next).length === 0 && !tags && !fields) {
      return true;
    }
    if (!(await this.submissions.updateWorkflow(row.id, row.version, next, tx))) {
      return false;
    }
    if (tags) {
      this.labels.add(tx, { submissionId: row.id, tags: tags.after });
    }
    if (fields) {
      await this.fieldChanges.apply(row.id, fields, tx);
    }
    await this.facts.recordChange(workflowChangeFacts(row, next, tags, actor), tx);
    if (fields) {
      const fact = { name: 'fields_changed' as const, submissionId: row.id, apiKeyId: row.apiKeyId, actor };
      await this.facts.record({ ...fact, data: fields.fact }, tx);
    }
    return true;
  }

  /** An assignee must be an active staff account: `Invalid field: <field>` otherwise. */
  private async checkAssignee(accountId: string, field: string): Promise<void> {
    const assignee = await this.accounts.findById(accountId);
    if (!assignee || assignee.disabledAt) {
      throw new ApiException(HttpStatus.BAD_REQUEST, `Invalid field: ${field}`);
    }
  }
}

const BULK_FIELDS = ['status', 'assignee_id', 'add_tags', 'remove_tags', 'priority'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A bulk request's `change`, checked as the contract checks a body (its fields named `change.<field>`):
 * an unknown field first, then each field in order; at least one field. Labels are normalised as a
 * PATCH's are (at most ten each, the same characters).
 */
export function bulkChangeOf(raw: Record<string, unknown>): WorkflowChange {
  const invalid = (field: string) => new ApiException(HttpStatus.BAD_REQUEST, `Invalid field: change.${field}`);
  const unknown = Object.keys(raw).find((key) => !(BULK_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw new ApiException(HttpStatus.BAD_REQUEST, `Unknown field: change.${unknown}`);
  }
  const change: WorkflowChange = {};
  if (raw.status !== undefined) {
    if (!(SETTABLE_STATUSES as readonly unknown[]).includes(raw.status)) {
      throw invalid('status');
    }
    change.status = raw.status as WorkflowStatus;
  }
  if (raw.assignee_id !== undefined) {
    if (raw.assignee_id !== null && (typeof raw.assignee_id !== 'string' || !UUID.test(raw.assignee_id))) {
      throw invalid('assignee_id');
    }
    change.assignee_id = raw.assignee_id === null ? null : raw.assignee_id.toLowerCase();
  }
  for (const field of ['add_tags', 'remove_tags'] as const) {
    if (raw[field] !== undefined) {
      const tags = normalizedTags(raw[field]);
      if (tags === null || tags.length === 0 || tags.length > MAX_TAGS) {
        throw invalid(field);
      }
      change[field] = tags;
    }
  }
  if (raw.priority !== undefined) {
    if (!(PRIORITIES as readonly unknown[]).includes(raw.priority)) {
      throw invalid('priority');
    }
    change.priority = raw.priority as Priority;
  }
  if (Object.keys(change).length === 0) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: change');
  }
  return change;
}
