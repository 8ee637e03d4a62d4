import { SubmissionEvent, SubmissionState, transition } from './submission-state';

describe('submission delivery transitions', () => {
  const table: [SubmissionEvent, SubmissionState, SubmissionState | null][] = [
    ['enqueue', 'received', 'queued'],
    ['enqueue', 'queued', null],
    ['enqueue', 'delivered', null],
    // A job can reach a worker before the batched `queued` update lands.
    ['startAttempt', 'received', 'processing'],
    ['startAttempt', 'queued', 'processing'],
    // A worker died mid-attempt and the job runs again.
    ['startAttempt', 'processing', 'processing'],
    ['startAttempt', 'delivered', null],
    ['startAttempt', 'failed', null],
    ['failAttempt', 'processing', 'queued'],
    ['failAttempt', 'queued', null],
    ['exhaust', 'processing', 'failed'],
    ['exhaust', 'delivered', null],
    ['deliver', 'processing', 'delivered'],
    ['deliver', 'queued', null],
    ['deliver', 'failed', null],
    ['requeue', 'failed', 'queued'],
    ['requeue', 'delivered', 'queued'],
    ['requeue', 'received', 'queued'],
    ['requeue', 'queued', 'queued'],
    ['requeue', 'processing', null],
  ];

  it.each(table)('%s from %s goes to %s', (event, from, to) => {
    expect(transition(from, event)).toBe(to);
  });
});
