import { AttachmentView } from '../attachments/dto/attachment.views';
import { MessageView } from './dto/conversation.views';
import { ConversationMessageEntity } from './entities/conversation-message.entity';

/** A message as the API shows it, with the files it carried (none unless given). */
export function toMessageView(message: ConversationMessageEntity, attachments: AttachmentView[] = []): MessageView {
  return {
    id: message.id,
    kind: message.kind,
    state: message.state,
    from: message.kind === 'customer' ? message.fromAddress : null,
    from_other: message.fromOther,
    automatic: message.automatic,
    subject: message.subject,
    body: message.body ?? '',
    quoted: message.quoted,
    attachments,
    attempts: message.attempts,
    last_error: message.lastError,
    created_at: message.createdAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    ...(message.unreadable !== undefined ? { unreadable: message.unreadable } : {}),
  };
}
