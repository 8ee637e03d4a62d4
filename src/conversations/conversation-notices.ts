import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { Transaction } from '../database/transactions';
import { JobProducer } from '../queue/job-producer';
import { AfterCommitWork, OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { StaffNoticeEntity } from './entities/staff-notice.entity';
import { STAFF_NOTICE_STATE } from './staff-notice-state';
import { StaffNoticesRepository } from './staff-notices.repository';

/**
 * The e-mails that tell staff of a submission's facts (issue 54, point 3): a row in the fact's
 * transaction (it commits with the change or not at all), its job queued once the change has
 * committed, the queue reconciler adding the job of a row left `queued` (Redis refused, lost it, or the
 * process died in between); the mail queue's worker sends it and settles the row (StaffNoticeMailer).
 */
@Injectable()
export class ConversationNotices {
  constructor(
    private readonly notices: StaffNoticesRepository,
    private readonly jobs: JobProducer,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /**
   * Someone assigned to a submission by someone else hears of it by e-mail; the assignee hears of a
   * customer's mail (not of automatic mail: that changes and triggers nothing). A customer's mail is
   * stored whoever is assigned now: a rule may assign the submission later in this same transaction,
   * and the worker reads the assignee when it sends (none then: the notice is skipped). The rows of a
   * transaction's facts are written just before it commits; their jobs queued once it has.
   */
  @OnSubmissionFact({ phase: 'before commit', facts: ['assigned', 'message_received'] })
  async storeNotices(facts: SubmissionFact[], tx: Transaction): Promise<AfterCommitWork | void> {
    if (!this.config.mail.smtpUrl) {
      return;
    }
    const stored: StaffNoticeEntity[] = [];
    for (const notice of facts.flatMap(noticeOf)) {
      const row: StaffNoticeEntity = {
        ...notice,
        id: uuidv7(),
        state: STAFF_NOTICE_STATE.queued,
        createdAt: this.clock.now(),
        sentAt: null,
      };
      if (await this.notices.insertOnce(row, tx)) {
        stored.push(row);
      }
    }
    if (stored.length > 0) {
      return async () => {
        await queueNotices(this.jobs, stored);
      };
    }
  }
}

type NewNotice = Pick<StaffNoticeEntity, 'kind' | 'sourceId' | 'submissionId' | 'assigneeId'>;

/** The notice a fact asks for, if any. */
function noticeOf(fact: SubmissionFact): NewNotice[] {
  if (fact.name === 'assigned') {
    const assigneeId = fact.data.after;
    if (!assigneeId || assigneeId === fact.actor.id) {
      return [];
    }
    return [{ kind: 'assignment', sourceId: fact.id, submissionId: fact.submissionId, assigneeId }];
  }
  if (fact.name === 'message_received' && !fact.data.automatic) {
    return [
      { kind: 'customer_message', sourceId: fact.data.messageId, submissionId: fact.submissionId, assigneeId: null },
    ];
  }
  return [];
}

/**
 * Adds the jobs of these notices, under the ids the catalogue has always given them (so a notice
 * queued by the previous release's handler and one of a row are the same job).
 */
export async function queueNotices(
  jobs: JobProducer,
  notices: Pick<StaffNoticeEntity, 'kind' | 'sourceId' | 'submissionId' | 'assigneeId'>[],
  onlyMissing = false,
): Promise<number> {
  const assignments = notices
    .filter((notice) => notice.kind === 'assignment' && notice.assigneeId)
    .map((notice) => ({ submissionId: notice.submissionId, assigneeId: notice.assigneeId!, eventId: notice.sourceId }));
  const messages = notices
    .filter((notice) => notice.kind === 'customer_message')
    .map((notice) => ({ messageId: notice.sourceId }));
  const lostAssignments = onlyMissing ? await jobs.findMissing('notifyAssignment', assignments) : assignments;
  const lostMessages = onlyMissing ? await jobs.findMissing('notifyAssignee', messages) : messages;
  await jobs.enqueue('notifyAssignment', lostAssignments);
  await jobs.enqueue('notifyAssignee', lostMessages);
  return lostAssignments.length + lostMessages.length;
}
