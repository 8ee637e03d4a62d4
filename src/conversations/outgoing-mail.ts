import { MailSenderAddress, OutgoingMail } from '../mail/smtp-mailer';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { ThreadIds } from './thread-ids';

/**
 * The mail of one outgoing message: to the requester, from the key's `reply_from` or REPLY_FROM, with
 * its own stable Message-ID (the same on every try, so a resend is recognised as one message), In-Reply-To
 * the request's root id and References the root plus every earlier message of the thread, and with
 * INBOUND_ADDRESS the plus-addressed Reply-To that threads the answer back. An acknowledgement carries
 * `Auto-Submitted: auto-replied` (RFC 3834) so other systems do not answer it.
 */
export function composeMail(
  message: ConversationMessageEntity,
  thread: { submissionId: string; requester: string; earlierMessageIds: string[] },
  from: MailSenderAddress,
  ids: ThreadIds,
): OutgoingMail {
  const root = ids.rootMessageIdOf(thread.submissionId);
  const replyTo = ids.replyAddressOf(thread.submissionId);
  return {
    from,
    to: thread.requester,
    ...(replyTo ? { replyTo } : {}),
    subject: (message.subject ?? '').replace(/[\r\n]+/g, ' '),
    text: message.body,
    messageId: message.messageId,
    inReplyTo: root,
    references: [root, ...thread.earlierMessageIds.filter((id) => id !== root && id !== message.messageId)],
    headers: message.kind === 'ack' ? { 'Auto-Submitted': 'auto-replied' } : {},
  };
}
