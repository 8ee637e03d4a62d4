/**
 * A submission's delivery state, and the only ways it changes. Writers name an event; the state it
 * may come from and the state it goes to are read from here, so no other file spells a state.
 *
 *   received --enqueue--> queued --startAttempt--> processing --deliver--> delivered
 *                                                      |--failAttempt--> queued (retried with backoff)
 *                                                      `--exhaust------> failed
 *   failed | delivered (on channel none) --requeue--> queued
 *
 * `received` doubles as the outbox: a row in it has not reached the queue yet.
 */
export const SUBMISSION_STATE = {
  received: 'received',
  queued: 'queued',
  processing: 'processing',
  delivered: 'delivered',
  failed: 'failed',
} as const;

export type SubmissionState = (typeof SUBMISSION_STATE)[keyof typeof SUBMISSION_STATE];
export const SUBMISSION_STATES = Object.values(SUBMISSION_STATE);

const { received, queued, processing, delivered, failed } = SUBMISSION_STATE;

export const SUBMISSION_TRANSITIONS = {
  /** Handed to the queue (right after commit, or by the relay). */
  enqueue: { from: [received], to: queued },
  /**
   * A worker starts an attempt. From `received` too: the job can reach a worker before the batched
   * `queued` update lands; from `processing`: a worker died mid-attempt and the job runs again.
   */
  startAttempt: { from: [received, queued, processing], to: processing },
  failAttempt: { from: [processing], to: queued },
  exhaust: { from: [processing], to: failed },
  deliver: { from: [processing], to: delivered },
  /** The operator sends it again (`submissions retry`). */
  requeue: { from: [failed, delivered, received, queued], to: queued },
} as const satisfies Record<string, { from: readonly SubmissionState[]; to: SubmissionState }>;

export type SubmissionTransition = keyof typeof SUBMISSION_TRANSITIONS;

/** The state after `event`, or null when `event` cannot happen in state `from`. */
export function transition(from: SubmissionState, event: SubmissionTransition): SubmissionState | null {
  const { from: allowed, to } = SUBMISSION_TRANSITIONS[event];
  return (allowed as readonly SubmissionState[]).includes(from) ? to : null;
}

/**
 * The staff workflow, apart from delivery: `new` on arrival, then whatever staff set. Any status may
 * move to any other; `closed_at` is set on closing and cleared on reopening. `merged` is terminal:
 * only a merge (SubmissionMergeService) enters it, and nothing leaves it (see workflowChangeRefused).
 */
export const WORKFLOW_STATUSES = ['new', 'open', 'pending', 'closed', 'spam', 'merged'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** The statuses staff may set by a change (PATCH, bulk): every one but `merged`, which only a merge sets. */
export const SETTABLE_STATUSES = WORKFLOW_STATUSES.filter(
  (status): status is Exclude<WorkflowStatus, 'merged'> => status !== 'merged',
);

/**
 * Statuses nothing moves out of: a merged submission lives on in its target. Nothing is recorded on
 * such a submission either (SubmissionsRepository.advanceForMessage: its conversation is the target's).
 */
export const TERMINAL_STATUSES: readonly WorkflowStatus[] = ['merged'];
const TERMINAL: ReadonlySet<WorkflowStatus> = new Set(TERMINAL_STATUSES);

/**
 * Why a staff change of a submission in `from` is refused (the contract's message, answered 409 unless
 * it says `Invalid`), or null when it may go ahead. A merged submission takes no change of status,
 * assignee, priority or tags, and no note or reply (`to` undefined): its work goes on in the target.
 */
export function workflowChangeRefused(from: WorkflowStatus, to?: WorkflowStatus): string | null {
  if (TERMINAL.has(from)) {
    return 'Submission is merged';
  }
  return to !== undefined && TERMINAL.has(to) ? 'Invalid field: status' : null;
}

/**
 * Why the intake's spam filter flagged a submission (stored with it, shown to staff). The signals
 * themselves are spam/'s; the names are part of the submission's shape.
 */
export const SPAM_REASONS = ['duplicate', 'marked_sender', 'disposable_domain', 'link_stuffed'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];
