import { parseLiveEvent } from './live-event';

const ID = '019a6f0e-5b7c-7d41-9a55-2f0c8e1d4b6a';

describe('parseLiveEvent', () => {
  it('passes on an event of the stream’s shape, and only its fields', () => {
    expect(parseLiveEvent(JSON.stringify({ type: 'submission.created', id: ID }))).toEqual({
      type: 'submission.created',
      id: ID,
    });
    expect(parseLiveEvent(JSON.stringify({ type: 'submission.changed', id: ID, version: 3, name: 'Ada' }))).toEqual({
      type: 'submission.changed',
      id: ID,
      version: 3,
    });
  });

  it('drops anything else that lands on the channel', () => {
    for (const message of [
      'not json',
      'null',
      '"text"',
      JSON.stringify({ type: 'submission.deleted', id: ID }),
      JSON.stringify({ type: 'presence', id: 'ada@example.com' }),
      JSON.stringify({ type: 'presence', id: ID.toUpperCase() }),
      JSON.stringify({ type: 'submission.changed', id: ID, version: '3' }),
      JSON.stringify({ type: 'submission.changed', id: ID, version: -1 }),
    ]) {
      expect(parseLiveEvent(message)).toBeNull();
    }
  });
});
