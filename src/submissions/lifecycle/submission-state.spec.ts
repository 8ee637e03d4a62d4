import { SubmissionTransition, SubmissionState, transition, workflowChangeRefused } from './submission-state';

describe('submission delivery transitions', () => {
  const table: [SubmissionTransition, SubmissionState, SubmissionState | null][] = [
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

describe('the staff workflow', () => {
  it('lets any status but merged move to any other but merged', () => {
    expect(workflowChangeRefused('closed', 'open')).toBeNull();
    expect(workflowChangeRefused('spam', 'new')).toBeNull();
    expect(workflowChangeRefused('open')).toBeNull();
    expect(workflowChangeRefused('open', 'merged')).toBe('Invalid field: status');
  });

  it('refuses every change of a merged submission', () => {
    expect(workflowChangeRefused('merged', 'open')).toBe('Submission is merged');
    expect(workflowChangeRefused('merged')).toBe('Submission is merged');
  });
});
