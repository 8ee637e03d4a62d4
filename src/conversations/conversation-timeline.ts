import { Injectable, OnModuleInit } from '@nestjs/common';
import { AttachmentsRepository } from '../attachments/attachments.repository';
import { AttachmentView, toAttachmentView } from '../attachments/dto/attachment.views';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { SubmissionDetailSections } from '../submissions/staff-api/submission-detail-sections';
import { SubmissionNotesRepository } from '../submissions/lifecycle/submission-notes.repository';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { toMessageView } from './message-view';
import { TimelineItemView } from './dto/conversation.views';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { SubmissionsRepository } from '../submissions/submissions.repository';

/** The timeline the staff detail shows: the request, replies, customer messages and notes, in time order. */
@Injectable()
export class ConversationTimeline implements OnModuleInit {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly messages: ConversationMessagesRepository,
    private readonly notes: SubmissionNotesRepository,
    private readonly accounts: StaffAccountsRepository,
    private readonly sections: SubmissionDetailSections,
    private readonly attachments: AttachmentsRepository,
  ) {}

  onModuleInit(): void {
    this.sections.add('timeline', (submissionId) => this.timelineOf(submissionId));
  }

  /**
   * The request, replies, customer messages and notes of a submission, in time order, with the request
   * of every submission merged into it (what those requesters first wrote, as Zammad and Zendesk keep
   * it): read from the merged submission itself, so it stays sealed where it is and goes when that
   * submission's requester is erased.
   */
  async timelineOf(submissionId: string): Promise<TimelineItemView[]> {
    const [submission, messages, notes, files, mergedRequests] = await Promise.all([
      this.submissions.findById(submissionId),
      this.messages.ofSubmission(submissionId),
      this.notes.forSubmission(submissionId),
      this.attachments.ofSubmissions([submissionId]),
      this.submissions.mergedRequestsOf(submissionId),
    ]);
    if (!submission) {
      return [];
    }
    const authors = new Map(
      (
        await this.accounts.findByIds([...new Set(messages.flatMap((row) => (row.authorId ? [row.authorId] : [])))])
      ).map((account) => [account.id, account.name]),
    );
    // Each message's files, and the request's own (a submission made from a mail): by message id, '' for
    // the request, `merged:<id>` for the request of a merged submission (its files keep where they came from).
    const merged = new Set(mergedRequests.map((request) => request.id));
    const filesOf = new Map<string, AttachmentView[]>();
    for (const file of files) {
      const key =
        file.messageId ?? (file.mergedFromId && merged.has(file.mergedFromId) ? `merged:${file.mergedFromId}` : '');
      filesOf.set(key, [...(filesOf.get(key) ?? []), toAttachmentView(file)]);
    }
    const items: (TimelineItemView & { at: number })[] = [
      {
        kind: 'request',
        id: submission.id,
        created_at: submission.createdAt.toISOString(),
        body: submission.message ?? '',
        author: submission.name,
        ...(filesOf.has('') ? { attachments: filesOf.get('') } : {}),
        at: submission.createdAt.getTime(),
      },
      ...mergedRequests.map((request) => ({
        kind: 'merged_request',
        id: request.id,
        created_at: request.createdAt.toISOString(),
        body: request.message ?? '',
        author: request.name,
        from: request.email,
        merged_from: { id: request.id, ref: refOf(request.id) },
        ...(filesOf.has(`merged:${request.id}`) ? { attachments: filesOf.get(`merged:${request.id}`) } : {}),
        at: request.createdAt.getTime(),
      })),
      ...messages.map((message) => ({
        ...timelineItemOf(message, filesOf.get(message.id) ?? []),
        author: message.authorId ? (authors.get(message.authorId) ?? null) : message.fromAddress,
        at: message.createdAt.getTime(),
      })),
      ...notes.map((note) => ({
        kind: 'note',
        id: note.id,
        created_at: note.createdAt.toISOString(),
        body: note.body ?? '',
        author: note.author?.name ?? null,
        at: note.createdAt.getTime(),
      })),
    ];
    return items.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id)).map(({ at: _at, ...item }) => item);
  }
}

function timelineItemOf(message: ConversationMessageEntity, attachments: AttachmentView[]): TimelineItemView {
  const view = toMessageView(message, attachments);
  return {
    kind: view.kind,
    id: view.id,
    created_at: view.created_at,
    body: view.body,
    state: view.state,
    from: view.from,
    from_other: view.from_other,
    automatic: view.automatic,
    quoted: view.quoted,
    attachments: view.attachments,
    last_error: view.last_error,
  };
}
