import { HttpStatus, Injectable } from '@nestjs/common';
import { Actor } from '../../audit/actor';
import { Clock } from '../../clock/clock';
import { Transactions } from '../../database/transactions';
import { ApiException } from '../../http/api-exception';
import { SubmissionDetailView } from '../staff-api/dto/staff-submission.views';
import { SubmissionDetailService } from '../staff-api/submission-detail.service';
import { SubmissionFactRecorder } from '../facts/submission-fact-recorder';
import { NewSubmissionFact } from '../facts/submission-facts';
import { SubmissionNotesRepository } from '../lifecycle/submission-notes.repository';
import { MAX_TAGS, tagKey } from '../lifecycle/submission-tags';
import { SubmissionTagsRepository } from '../lifecycle/submission-tags.repository';
import { SubmissionWorkflowRepository } from '../lifecycle/submission-workflow.repository';

const refuse = (status: HttpStatus, message: string) => new ApiException(status, message);

/**
 * Merges a submission (the source) into another (the target), in one transaction: the source becomes
 * `merged` (terminal) and names the target (`merged_into_id`); its notes move here, its labels join the
 * target's, and the rooms that keep its other rows move them on the fact `merged` (conversations/ its
 * messages, attachments/ its files: in-transaction handlers). Each moved row keeps where it came from
 * (`merged_from_id`), so erasing the source's requester erases them in the target too. Outgoing mail
 * not yet sent (`queued`, `failed`) does not move: it was written to the source's requester, and the
 * mailer addresses a message to its submission's requester, so it is sent from the source, to them.
 * Mail that threads to the source after the merge arrives in the target with `merged_from_id` naming
 * the source (InboundMatcher, CustomerMessages.recordCustomerMessage).
 *
 * Refused: a merge into itself, of or into a merged submission (the target's chain would fork), of or
 * into spam (not a conversation: mark it not spam first). Across API keys is allowed: one person's
 * request may come through two forms, and staff decide. Each side's row is written conditionally on
 * the version read, so a change in between answers 412 and merges nothing.
 */
@Injectable()
export class SubmissionMergeService {
  constructor(
    private readonly submissions: SubmissionWorkflowRepository,
    private readonly notes: SubmissionNotesRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly detail: SubmissionDetailService,
    private readonly clock: Clock,
  ) {}

  /** Merges `sourceId` into `targetId`; answers the target as it is now. */
  async merge(sourceIdAsSent: string, targetIdAsSent: string, actor: Actor): Promise<SubmissionDetailView> {
    // Ids are stored in lower case; the database matches any case, the map below does not.
    const sourceId = sourceIdAsSent.toLowerCase();
    const targetId = targetIdAsSent.toLowerCase();
    const rows = await this.submissions.workflowRowsOf([sourceId, targetId]);
    const source = rows.get(sourceId);
    const target = rows.get(targetId);
    if (!source) {
      throw refuse(HttpStatus.NOT_FOUND, 'Not found');
    }
    if (sourceId === targetId) {
      throw refuse(HttpStatus.BAD_REQUEST, 'Cannot merge a submission into itself');
    }
    if (!target) {
      throw refuse(HttpStatus.BAD_REQUEST, 'Invalid field: into');
    }
    if (source.status === 'merged') {
      throw refuse(HttpStatus.CONFLICT, 'Submission is merged');
    }
    if (target.status === 'merged') {
      throw refuse(HttpStatus.CONFLICT, 'Target is merged');
    }
    if (source.status === 'spam' || target.status === 'spam') {
      throw refuse(HttpStatus.CONFLICT, 'Cannot merge spam');
    }
    const [sourceTags, targetTags] = await Promise.all([this.tags.of(sourceId), this.tags.of(targetId)]);
    // The target's labels first, then the source's it lacks, up to the ten a submission may carry
    // (those that fit are kept when the two together carry more).
    const byKey = new Map<string, string>();
    for (const tag of [...targetTags, ...sourceTags]) {
      if (!byKey.has(tagKey(tag))) {
        byKey.set(tagKey(tag), tag);
      }
    }
    const union = [...byKey.values()].slice(0, MAX_TAGS);
    const tagsChanged = union.join('\n') !== targetTags.join('\n');
    await this.transactions.run(async (tx) => {
      const merged = await this.submissions.updateWorkflow(
        sourceId,
        source.version,
        { status: 'merged', mergedIntoId: targetId, closedAt: this.clock.now() },
        tx,
      );
      if (!merged || !(await this.submissions.updateWorkflow(targetId, target.version, {}, tx))) {
        throw refuse(HttpStatus.PRECONDITION_FAILED, 'Submission changed; reload it');
      }
      await this.notes.moveToSubmission(sourceId, targetId, tx);
      if (tagsChanged) {
        await this.tags.replace(targetId, union, tx);
      }
      const data = { sourceId, targetId };
      const onSource = { submissionId: sourceId, apiKeyId: source.apiKeyId, version: source.version + 1, actor };
      const onTarget = { submissionId: targetId, apiKeyId: target.apiKeyId, version: target.version + 1, actor };
      const facts: NewSubmissionFact[] = [
        // The source's status moved: service levels stop, counts and report days follow, receivers hear it.
        { ...onSource, name: 'status_changed', data: { before: source.status, after: 'merged' } },
        { ...onSource, name: 'merged', data },
        { ...onTarget, name: 'merged', data },
      ];
      if (tagsChanged) {
        facts.push({ ...onTarget, name: 'tags_changed', data: { before: targetTags, after: union } });
      }
      for (const fact of facts) {
        await this.facts.record(fact, tx);
      }
    });
    return this.detail.detail(targetId);
  }
}
