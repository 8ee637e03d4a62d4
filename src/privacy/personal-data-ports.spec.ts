import { FoundPort, PERSONAL_DATA_ORDER, portsInOrder } from './personal-data-ports';

const port = (holder: FoundPort['holder']): FoundPort => ({
  holder,
  port: { deleteOfSubmissions: () => Promise.resolve() },
});

describe('portsInOrder', () => {
  it('answers the ports in the declared order, whatever order they were found in', () => {
    const found = [...PERSONAL_DATA_ORDER].reverse().map(port);
    expect(portsInOrder(found).map((f) => f.holder)).toEqual(PERSONAL_DATA_ORDER);
  });

  it('refuses to start without a port the order names, so no room is left out of an erasure', () => {
    const found = PERSONAL_DATA_ORDER.filter((holder) => holder !== 'ratings').map(port);
    expect(() => portsInOrder(found)).toThrow(
      "Personal data ports: no port found for ratings (import the room's module in this role)",
    );
  });

  it('refuses two ports of one room, and a port the order does not name', () => {
    const found = [...PERSONAL_DATA_ORDER.map(port), port('webhooks')];
    expect(() => portsInOrder(found)).toThrow('Personal data ports: webhooks has more than one port');
    expect(() => portsInOrder(PERSONAL_DATA_ORDER.map(port), ['report days', 'submissions'])).toThrow(
      'webhooks is not in PERSONAL_DATA_ORDER',
    );
  });
});
