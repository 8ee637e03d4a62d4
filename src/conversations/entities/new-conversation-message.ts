import { ConversationMessageEntity } from './conversation-message.entity';

/** What every new message must say; the rest starts as it does for every new message. */
export type NewConversationMessage = Pick<
  ConversationMessageEntity,
  'id' | 'submissionId' | 'kind' | 'state' | 'messageId' | 'subject' | 'body'
> &
  Partial<
    Pick<
      ConversationMessageEntity,
      | 'authorId'
      | 'threadToken'
      | 'senderHash'
      | 'fromAddress'
      | 'fromOther'
      | 'automatic'
      | 'quoted'
      | 'createdAt'
      | 'mergedFromId'
    >
  >;

/**
 * A message row not yet stored (a reply, an acknowledgement, a customer's mail): no author, thread
 * token or sender unless given, never sent or tried, not yet sealed (the repository seals it).
 */
export function newConversationMessage(fields: NewConversationMessage): ConversationMessageEntity {
  return {
    authorId: null,
    threadToken: null,
    senderHash: '',
    legacyRoot: false,
    fromAddress: null,
    fromOther: false,
    automatic: false,
    quoted: null,
    attachments: null,
    attempts: 0,
    lastError: null,
    encKeyId: null,
    createdAt: new Date(),
    sentAt: null,
    ...fields,
  };
}
