import { Injectable } from '@nestjs/common';
import { AttachmentsRepository } from '../attachments/attachments.repository';
import { ConversationMessagesRepository } from '../conversations/conversation-messages.repository';
import { StaffNoticesRepository } from '../conversations/staff-notices.repository';
import { afterCommit, Transaction, Transactions } from '../database/transactions';
import { JobProducer } from '../queue/job-producer';
import { SatisfactionSurveysRepository } from '../ratings/satisfaction-surveys.repository';
import { ReportStaleDays } from '../reports/report-stale-days';
import { SubmissionNotesRepository } from '../submissions/lifecycle/submission-notes.repository';
import { SubmissionTagsRepository } from '../submissions/lifecycle/submission-tags.repository';
import { webhookJobOf } from '../webhooks/webhooks.service';
import { WebhooksRepository } from '../webhooks/webhooks.repository';
import { SubmissionRetentionRepository } from '../submissions/lifecycle/submission-retention.repository';

/**
 * Deletes submissions with everything that hangs on them (notes, tags, files, conversation messages,
 * staff notices, satisfaction surveys and their ratings, channel records, webhook deliveries and attempts; erasure and
 * retention), marking the report days they counted in as changed: each room's
 * repository deletes its own rows, all in one transaction; then every job the catalogue can derive
 * for them (deliveries, redeliveries, status_changed webhooks, resends and replays) is removed, so no
 * job points at a deleted row. A job running at that moment finds no row and does nothing.
 */
@Injectable()
export class SubmissionDeletion {
  constructor(
    private readonly transactions: Transactions,
    private readonly submissions: SubmissionRetentionRepository,
    private readonly notes: SubmissionNotesRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly messages: ConversationMessagesRepository,
    private readonly attachments: AttachmentsRepository,
    private readonly jobs: JobProducer,
    private readonly surveys: SatisfactionSurveysRepository,
    private readonly reportDays: ReportStaleDays,
    private readonly notices: StaffNoticesRepository,
  ) {}

  /**
   * Deletes these submissions (a batch: keep it to a thousand or so); answers how many it removed.
   * `alsoInTransaction` runs in the same transaction (an erasure's log entry), even with no ids.
   */
  async delete(asked: string[], alsoInTransaction?: (tx: Transaction) => Promise<void>): Promise<number> {
    if (asked.length === 0 && !alsoInTransaction) {
      return 0;
    }
    const removed = await this.transactions.run(async (tx) => {
      await alsoInTransaction?.(tx);
      if (asked.length === 0) {
        return { ids: [], deleted: 0, deliveries: [], messageIds: [], surveyIds: [] };
      }
      // A merged source lives on in its target (issue 42): deleting a target deletes the submissions
      // merged into it too (their timelines are in it), so no link points at nothing. Read here, locked
      // (see sourcesDeletedWith): a merge into one of them commits before this read or waits for the
      // deletion. Deleting a source that was itself merged (B of A into B into C) hands its own sources
      // on to its target (A into C). What moved from a deleted source into a target goes with it (each
      // room's deleteOfSubmissions takes the rows whose merged_from_id it names).
      const ids = [...asked, ...(await this.submissions.sourcesDeletedWith(asked, tx))];
      await this.submissions.relinkSourcesOf(ids, tx);
      // Before the rows go: the report days they count in are computed from what remains from now on.
      afterCommit(tx, await this.reportDays.markFor(ids, tx));
      const removedDeliveries = await this.webhooks.deleteOfSubmissions(ids, tx);
      await this.attachments.deleteOfSubmissions(ids, tx);
      const removedMessages = await this.messages.deleteOfSubmissions(ids, tx);
      const removedSurveys = await this.surveys.deleteOfSubmissions(ids, tx);
      await this.notices.deleteOfSubmissions(ids, tx);
      await this.notes.deleteOfSubmissions(ids, tx);
      await this.tags.deleteOfSubmissions(ids, tx);
      return {
        ids,
        deliveries: removedDeliveries,
        messageIds: removedMessages,
        surveyIds: removedSurveys,
        deleted: await this.submissions.deleteWithChannelRecords(ids, tx),
      };
    });
    const { ids, deleted, deliveries, messageIds, surveyIds } = removed;
    await Promise.all([
      this.jobs.forget(
        'deliverSubmission',
        ids.map((submissionId) => ({ submissionId })),
      ),
      this.jobs.forget(
        'deliverWebhook',
        deliveries.map((delivery) => webhookJobOf(delivery)),
      ),
      this.jobs.forget(
        'sendMessage',
        messageIds.map((messageId) => ({ messageId })),
      ),
      this.jobs.forget(
        'notifyAssignee',
        messageIds.map((messageId) => ({ messageId })),
      ),
      this.jobs.forget(
        'sendSurvey',
        surveyIds.map((surveyId) => ({ surveyId })),
      ),
    ]);
    return deleted;
  }
}
