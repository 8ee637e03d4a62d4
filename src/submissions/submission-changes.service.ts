import { HttpStatus, Injectable } from '@nestjs/common';
import { Actor } from '../audit/actor';
import { Clock } from '../clock/clock';
import { Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { SubmissionDetailView } from './dto/staff-submission.views';
import { UpdateSubmissionDto } from './dto/update-submission.dto';
import { SubmissionDetailService } from './submission-detail.service';
import { SubmissionFactRecorder } from './submission-fact-recorder';
import { NewSubmissionFact } from './submission-facts';
import { normalizedTags } from './submission-tags';
import { SubmissionTagsRepository } from './submission-tags.repository';
import { SubmissionsRepository, WorkflowChanges } from './submissions.repository';

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
const changedMeanwhile = () => new ApiException(HttpStatus.PRECONDITION_FAILED, 'Submission changed; reload it');

/** Staff's changes of a submission's workflow fields: status, assignee, priority, tags. */
@Injectable()
export class SubmissionChangesService {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly accounts: StaffAccountsRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly detail: SubmissionDetailService,
    private readonly clock: Clock,
  ) {}

  /**
   * Changes status, assignee, priority and/or tags if the submission is still at a version If-Match
   * names: a stale or concurrent writer gets 412 (the UPDATE is conditional on the version read). Each
   * changed field is one fact, recorded in the change's transaction: the row, its audit events and
   * what subscribers write for them (webhook deliveries) commit together or not at all.
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
      next.closedAt = changes.status === 'closed' ? this.clock.now() : null;
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
      const about = { submissionId: id, apiKeyId: current.apiKeyId, version: current.version + 1, actor };
      const facts: NewSubmissionFact[] = [];
      if (tags) {
        facts.push({ ...about, name: 'tags_changed', data: tags });
      }
      if (next.priority !== undefined) {
        facts.push({ ...about, name: 'priority_changed', data: { before: current.priority, after: next.priority } });
      }
      if (next.status !== undefined) {
        facts.push({ ...about, name: 'status_changed', data: { before: current.status, after: next.status } });
      }
      if (next.assigneeId !== undefined) {
        facts.push({ ...about, name: 'assigned', data: { before: current.assigneeId, after: next.assigneeId } });
      }
      await this.transactions.run(async (tx) => {
        if (!(await this.submissions.updateWorkflow(id, current.version, next, tx))) {
          throw changedMeanwhile();
        }
        if (tags) {
          await this.tags.replace(id, tags.after, tx);
        }
        for (const fact of facts) {
          await this.facts.record(fact, tx);
        }
      });
    }
    return this.detail.detail(id);
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
}
