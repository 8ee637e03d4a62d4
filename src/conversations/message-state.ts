/**
 * An outgoing message's state (a reply, an acknowledgement), and the only ways it changes; a
 * customer's message is `received` and stays so. Each change is one conditional UPDATE naming the
 * states it leaves (ConversationMessagesRepository.apply).
 *
 *   queued --send--> sent
 *   queued --fail--> failed (the last try; the error is kept)
 *   failed --retry--> queued (staff send it again)
 *   sent --bounce--> bounced (a delivery-status notification, or a bounce quoting it, came back; from
 *                            queued too: the server can bounce it before the worker records it sent)
 */
export const MESSAGE_STATE = {
  queued: 'queued',
  sent: 'sent',
  failed: 'failed',
  bounced: 'bounced',
  received: 'received',
} as const;

export type MessageState = (typeof MESSAGE_STATE)[keyof typeof MESSAGE_STATE];

const { queued, sent, failed, bounced } = MESSAGE_STATE;

export const MESSAGE_TRANSITIONS = {
  send: { from: [queued], to: sent },
  fail: { from: [queued], to: failed },
  retry: { from: [failed], to: queued },
  bounce: { from: [queued, sent], to: bounced },
} as const satisfies Record<string, { from: readonly MessageState[]; to: MessageState }>;

export type MessageTransition = keyof typeof MESSAGE_TRANSITIONS;

/**
 * States in which a message's recipient is settled: mail we sent (or that came back), mail that came
 * in. A merge moves only these: a reply still `queued` or `failed` goes, when it is sent, to the
 * requester of the submission it belongs to (ConversationMailer.send), so it stays with its source.
 */
export const SETTLED_MESSAGE_STATES: readonly MessageState[] = [sent, bounced, MESSAGE_STATE.received];

/** The state after `event`, or null when `event` cannot happen in state `from`. */
export function messageTransition(from: MessageState, event: MessageTransition): MessageState | null {
  const { from: allowed, to } = MESSAGE_TRANSITIONS[event];
  return (allowed as readonly MessageState[]).includes(from) ? to : null;
}

/** What a message of a conversation is: staff's reply, the automatic acknowledgement, or the customer's mail. */
export const MESSAGE_KINDS = ['reply', 'ack', 'customer'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
