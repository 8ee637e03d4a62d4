import { Transaction } from '../database/transactions';
import { JobProducer } from '../queue/job-producer';
import { ExportedFields, HoldsPersonalData, PersonalDataPort } from '../submissions/personal-data/personal-data-port';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { toMessageView } from './message-view';
import { StaffNoticesRepository } from './staff-notices.repository';

/**
 * A submission's messages (the requester's mail and staff's replies, wherever a merge moved them) and
 * the notices staff were sent about it (not exported: they are staff's, and say no more than the messages).
 */
@HoldsPersonalData('conversations')
export class ConversationsPersonalData implements PersonalDataPort {
  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly notices: StaffNoticesRepository,
    private readonly jobs: JobProducer,
  ) {}

  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<() => Promise<void>> {
    const messageIds = await this.messages.deleteOfSubmissions(submissionIds, tx);
    await this.notices.deleteOfSubmissions(submissionIds, tx);
    const jobsOfMessages = messageIds.map((messageId) => ({ messageId }));
    return async () => {
      await Promise.all([
        this.jobs.forget('sendMessage', jobsOfMessages),
        this.jobs.forget('notifyAssignee', jobsOfMessages),
      ]);
    };
  }

  async exportOfSubmissions(submissionIds: string[]): Promise<(submissionId: string) => ExportedFields> {
    const messages = await this.messages.ofSubmissions(submissionIds, { movedFrom: true });
    return (submissionId) => ({
      messages: messages
        .filter((message) => message.submissionId === submissionId || message.mergedFromId === submissionId)
        .map((message) => toMessageView(message, [])),
    });
  }
}
