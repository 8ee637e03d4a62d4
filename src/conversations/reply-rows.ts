import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { AttachmentStore } from '../attachments/attachment-store';
import { Transaction } from '../database/transactions';
import type { SubmissionEntity } from '../submissions/entities/submission.entity';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { newConversationMessage } from './entities/new-conversation-message';
import { MESSAGE_STATE } from './message-state';
import { ThreadIds } from './thread-ids';

/** How much of the request the subject of a reply quotes. */
const SUBJECT_WORDS = 8;
const SUBJECT_CHARS = 60;

/** `Re: <first words of the request> [#<ref>]`. */
export function replySubject(message: string | null, submissionId: string): string {
  const words = (message ?? '').replace(/\s+/g, ' ').trim().split(' ').slice(0, SUBJECT_WORDS).join(' ');
  const opening = [...words].length > SUBJECT_CHARS ? `${[...words].slice(0, SUBJECT_CHARS).join('')}...` : words;
  return `Re: ${opening || 'your request'} [#${refOf(submissionId)}]`;
}

/**
 * What a staff reply writes in its transaction (ConversationReplies): its message row, `queued`, with
 * the Message-ID and threading token every try of it sends, and the uploads it names, taken by it.
 */
@Injectable()
export class ReplyRows {
  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly ids: ThreadIds,
    private readonly files: AttachmentStore,
  ) {}

  async store(
    submission: Pick<SubmissionEntity, 'id' | 'message'>,
    body: string,
    authorId: string,
    uploadIds: string[],
    now: Date,
    tx: Transaction,
  ) {
    const submissionId = submission.id;
    const id = uuidv7();
    const row = newConversationMessage({
      id,
      submissionId,
      kind: 'reply',
      state: MESSAGE_STATE.queued,
      authorId,
      messageId: this.ids.messageIdOf(id),
      // Always, with or without a Reply-To: the root Message-ID is the same token (see ThreadIds).
      threadToken: this.ids.tokenOf(submissionId),
      subject: replySubject(submission.message, submissionId),
      body,
      createdAt: now,
    });
    await this.messages.insert(row, tx);
    const files = await this.files.takeUploads(uploadIds, authorId, { submissionId, messageId: id }, tx);
    return { row, files };
  }
}
