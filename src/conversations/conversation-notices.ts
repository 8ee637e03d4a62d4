import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { JobProducer } from '../queue/job-producer';
import { OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { SubmissionsRepository } from '../submissions/submissions.repository';

/** The e-mails that tell staff of a submission's facts (queued after the commit; a worker sends them). */
@Injectable()
export class ConversationNotices {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly jobs: JobProducer,
    private readonly config: AppConfig,
  ) {}

  /** Someone assigned to a submission by someone else hears of it by e-mail (a worker sends it). */
  @OnSubmissionFact({ phase: 'after commit', facts: ['assigned'] })
  async noticeAssignment(fact: SubmissionFact<'assigned'>): Promise<void> {
    const assigneeId = fact.data.after;
    if (!assigneeId || assigneeId === fact.actor.id || !this.config.mail.smtpUrl) {
      return;
    }
    await this.jobs.enqueue('notifyAssignment', [{ submissionId: fact.submissionId, assigneeId, eventId: fact.id }]);
  }

  /** The assignee hears of a customer's mail (not of automatic mail: that changes and triggers nothing). */
  @OnSubmissionFact({ phase: 'after commit', facts: ['message_received'] })
  async noticeCustomerMessage(fact: SubmissionFact<'message_received'>): Promise<void> {
    if (fact.data.automatic || !(await this.submissions.findById(fact.submissionId))?.assigneeId) {
      return;
    }
    await this.jobs.enqueue('notifyAssignee', [{ messageId: fact.data.messageId }]);
  }
}
