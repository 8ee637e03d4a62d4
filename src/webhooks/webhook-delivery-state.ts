/**
 * A webhook delivery's state, and the only ways it changes. Writers name an event; the states it may
 * come from and the state it goes to are read from here, and each change is one conditional UPDATE
 * naming them (WebhooksRepository.applyDelivery), so of two racing writers one wins and the other
 * learns it changed nothing.
 *
 *   pending --attempt--> pending (a failed attempt; the next follows the schedule)
 *   pending --deliver--> delivered
 *   pending --fail-----> failed (the last attempt, or the destination or submission is gone)
 *   pending --gone-----> failed (410: the destination is disabled too)
 *   delivered | failed --resend--> pending (the submission was redelivered by staff)
 *   delivered | failed --replay--> pending (staff replayed this delivery: one attempt now)
 */
export const WEBHOOK_DELIVERY_STATE = {
  pending: 'pending',
  delivered: 'delivered',
  failed: 'failed',
} as const;

export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATE)[keyof typeof WEBHOOK_DELIVERY_STATE];
export const WEBHOOK_DELIVERY_STATUSES = Object.values(WEBHOOK_DELIVERY_STATE);

const { pending, delivered, failed } = WEBHOOK_DELIVERY_STATE;

export const WEBHOOK_DELIVERY_TRANSITIONS = {
  attempt: { from: [pending], to: pending },
  deliver: { from: [pending], to: delivered },
  fail: { from: [pending], to: failed },
  gone: { from: [pending], to: failed },
  resend: { from: [delivered, failed], to: pending },
  replay: { from: [delivered, failed], to: pending },
} as const satisfies Record<string, { from: readonly WebhookDeliveryStatus[]; to: WebhookDeliveryStatus }>;

export type WebhookDeliveryTransition = keyof typeof WEBHOOK_DELIVERY_TRANSITIONS;

/** The state after `event`, or null when `event` cannot happen in state `from`. */
export function deliveryTransition(
  from: WebhookDeliveryStatus,
  event: WebhookDeliveryTransition,
): WebhookDeliveryStatus | null {
  const { from: allowed, to } = WEBHOOK_DELIVERY_TRANSITIONS[event];
  return (allowed as readonly WebhookDeliveryStatus[]).includes(from) ? to : null;
}
