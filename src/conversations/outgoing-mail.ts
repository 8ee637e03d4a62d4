import { MailSenderAddress, OutgoingMail } from '../mail/smtp-mailer';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { ThreadIds } from './thread-ids';

/** How many Message-IDs References names at most: the root and the most recent of ours. */
export const MAX_REFERENCES = 10;

/**
 * The mail of one outgoing message: to the requester, from the key's `reply_from` or REPLY_FROM, with
 * its own stable Message-ID (the same on every try, so a resend is recognised as one message), In-Reply-To
 * the request's root id and References the root plus the most recent earlier messages we sent (at most
 * MAX_REFERENCES in all), and with INBOUND_ADDRESS the plus-addressed Reply-To that threads the answer
 * back. References never names a customer's Message-ID (issue 36): a sender chooses those, and ours are
 * the only ones that thread. An acknowledgement carries `Auto-Submitted: auto-replied` (RFC 3834) so
 * other systems do not answer it. The files staff sent with it go as MIME parts (`attachments`). Its
 * envelope sender is the message's own return path (`returnPath`, see ReturnPaths), so a bounce of it
 * can be told from a forged one.
 */
export function composeMail(
  message: ConversationMessageEntity,
  thread: { root: string; submissionId: string; requester: string; ourEarlierMessageIds: string[] },
  from: MailSenderAddress,
  ids: ThreadIds,
  returnPath: string,
  attachments: NonNullable<OutgoingMail['attachments']> = [],
): OutgoingMail {
  const replyTo = ids.replyAddressOf(thread.submissionId);
  const earlier = thread.ourEarlierMessageIds.filter((id) => id !== thread.root && id !== message.messageId);
  return {
    from,
    to: thread.requester,
    ...(replyTo ? { replyTo } : {}),
    subject: (message.subject ?? '').replace(/[\r\n]+/g, ' '),
    text: message.body,
    messageId: message.messageId,
    inReplyTo: thread.root,
    references: [thread.root, ...earlier.slice(-(MAX_REFERENCES - 1))],
    headers: message.kind === 'ack' ? { 'Auto-Submitted': 'auto-replied' } : {},
    envelopeFrom: returnPath,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
