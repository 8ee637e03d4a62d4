import {
  deliveryTransition,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DELIVERY_TRANSITIONS,
  WebhookDeliveryTransition,
} from './webhook-delivery-state';

describe('webhook delivery transitions', () => {
  const table: [WebhookDeliveryTransition, string, string | null][] = [
    ['attempt', 'pending', 'pending'],
    ['attempt', 'delivered', null],
    ['attempt', 'failed', null],
    ['deliver', 'pending', 'delivered'],
    ['deliver', 'delivered', null],
    ['deliver', 'failed', null],
    ['fail', 'pending', 'failed'],
    ['fail', 'delivered', null],
    ['gone', 'pending', 'failed'],
    ['gone', 'failed', null],
    ['resend', 'delivered', 'pending'],
    ['resend', 'failed', 'pending'],
    ['resend', 'pending', null],
    ['replay', 'delivered', 'pending'],
    ['replay', 'failed', 'pending'],
    // A replay of a delivery still being attempted is refused: that is what makes a second replay 409.
    ['replay', 'pending', null],
  ];

  it.each(table)('%s from %s goes to %s', (event, from, to) => {
    expect(deliveryTransition(from as never, event)).toBe(to);
  });

  it('lists every event from every state', () => {
    const covered = new Set(table.map(([event, from]) => `${event}:${from}`));
    for (const event of Object.keys(WEBHOOK_DELIVERY_TRANSITIONS)) {
      for (const from of WEBHOOK_DELIVERY_STATUSES) {
        if (!covered.has(`${event}:${from}`)) {
          // Not listed above: it must be refused.
          expect([event, from, deliveryTransition(from, event as WebhookDeliveryTransition)]).toEqual([
            event,
            from,
            null,
          ]);
        }
      }
    }
  });
});
