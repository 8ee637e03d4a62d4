import type { JobsOptions } from 'bullmq';
import { AppConfig } from '../config/app-config';
import {
  CHECK_SLA_JOB,
  DELIVER_SUBMISSION_JOB,
  DELIVER_WEBHOOK_JOB,
  DeliverSubmissionJob,
  FORGET_UPLOADS_JOB,
  MAIL_QUEUE,
  MAILBOX_QUEUE,
  MAINTENANCE_QUEUE,
  NOTIFY_ASSIGNEE_JOB,
  NOTIFY_ASSIGNMENT_JOB,
  POLL_MAILBOX_JOB,
  RETENTION_JOB,
  SEND_MESSAGE_JOB,
  SEND_SURVEY_JOB,
  SLA_QUEUE,
  SUBMISSIONS_QUEUE,
  SURVEYS_QUEUE,
  WEBHOOKS_QUEUE,
} from './queue.constants';

export type QueueName =
  | typeof SUBMISSIONS_QUEUE
  | typeof WEBHOOKS_QUEUE
  | typeof MAINTENANCE_QUEUE
  | typeof MAIL_QUEUE
  | typeof MAILBOX_QUEUE
  | typeof SLA_QUEUE
  | typeof SURVEYS_QUEUE;

/**
 * One kind of job: where it goes, how BullMQ treats it, and the one rule that names it. A job's id is
 * derived from its data and nowhere else, so whoever holds the row can find, re-run or remove its jobs.
 * A kind has two ids per row: the first run's, and one for a run asked for while the first is still
 * active (a redelivery during an attempt): `forget` removes both, so no job outlives its row.
 */
export interface JobKind<Data> {
  readonly queue: QueueName;
  readonly name: string;
  /** The id of the row's job: adding the same data twice is one job. */
  idOf(data: Data): string;
}

/** The data of a webhook delivery's job: ids only. `replay`: one attempt now, outside the schedule. */
export interface WebhookJobData {
  deliveryId: string;
  submissionId: string;
  destinationId: string;
  eventKey: string;
  replay?: boolean;
}

/** A submission is received once: the event key of its `submission.received` deliveries. */
export const RECEIVED_EVENT_KEY = 'received';

/** A submission is flagged as spam once, at intake: the event key of its `submission.flagged` deliveries. */
export const FLAGGED_EVENT_KEY = 'flagged';

/** Completed jobs are kept an hour (at most 10 000) so Redis does not grow without bound. */
const KEEP_COMPLETED = { age: 3600, count: 10_000 };

/**
 * Every kind of job the service runs. A new kind of work is an entry here plus an `@OnJob` handler on
 * its queue's JobProcessor (checked at start-up, see jobHandlersOf).
 */
export const JOBS = {
  /** Hand one stored submission to the staff channels (queue contract: job id = submission id). */
  deliverSubmission: {
    queue: SUBMISSIONS_QUEUE,
    name: DELIVER_SUBMISSION_JOB,
    idOf: (data: DeliverSubmissionJob) => data.submissionId,
  },
  /**
   * One webhook delivery (an event for one destination): submission, destination, and the event but
   * for `received` (the ids jobs have had since webhooks began, so an upgrade finds its queued jobs).
   */
  deliverWebhook: {
    queue: WEBHOOKS_QUEUE,
    name: DELIVER_WEBHOOK_JOB,
    idOf: ({ submissionId, destinationId, eventKey }: WebhookJobData) =>
      [submissionId, destinationId, ...(eventKey === RECEIVED_EVENT_KEY ? [] : [eventKey])].join('-'),
  },
  /** Send one outgoing message of a conversation (a reply, an acknowledgement) by SMTP. */
  sendMessage: {
    queue: MAIL_QUEUE,
    name: SEND_MESSAGE_JOB,
    idOf: (data: { messageId: string }) => `message-${data.messageId}`,
  },
  /** Tell a submission's assignee by e-mail that the customer wrote (the customer message's id). */
  notifyAssignee: {
    queue: MAIL_QUEUE,
    name: NOTIFY_ASSIGNEE_JOB,
    idOf: (data: { messageId: string }) => `notify-${data.messageId}`,
  },
  /** Tell a staff member by e-mail that a submission was assigned to them (the assignment's audit event). */
  notifyAssignment: {
    queue: MAIL_QUEUE,
    name: NOTIFY_ASSIGNMENT_JOB,
    idOf: (data: { submissionId: string; assigneeId: string; eventId: string }) => `assigned-${data.eventId}`,
  },
  /** Send a closed submission's satisfaction survey to its requester (one survey per submission, ever). */
  sendSurvey: {
    queue: SURVEYS_QUEUE,
    name: SEND_SURVEY_JOB,
    idOf: (data: { surveyId: string }) => `survey-${data.surveyId}`,
  },
  /** Poll the inbound IMAP mailbox once, by one job scheduler (every INBOUND_POLL_INTERVAL). */
  pollMailbox: {
    queue: MAILBOX_QUEUE,
    name: POLL_MAILBOX_JOB,
    idOf: () => `${POLL_MAILBOX_JOB}-every`,
  },
  /** Retention, once a day, by one job scheduler however many workers declare it. */
  retention: {
    queue: MAINTENANCE_QUEUE,
    name: RETENTION_JOB,
    idOf: () => `${RETENTION_JOB}-daily`,
  },
  /** Delete uploads no reply used within 24 hours, every hour, by one job scheduler. */
  forgetUploads: {
    queue: MAINTENANCE_QUEUE,
    name: FORGET_UPLOADS_JOB,
    idOf: () => `${FORGET_UPLOADS_JOB}-hourly`,
  },
  /**
   * Record the service-level targets of a submission that are due by `dueAt` (ms) and still unmet: one
   * delayed job per due time, so a due time moved by a change is a new job and the old one finds nothing.
   */
  checkSla: {
    queue: SLA_QUEUE,
    name: CHECK_SLA_JOB,
    idOf: (data: { submissionId: string; dueAt: number }) => `sla-${data.submissionId}-${data.dueAt}`,
  },
} as const satisfies Record<string, JobKind<never>>;

export type JobKindName = keyof typeof JOBS;
/**
 * The queues, as the catalogue's kinds name them: what is registered, worked, shown on the dashboard
 * and counted in the metrics, so a new queue is everywhere once a kind uses it.
 */
export const QUEUE_NAMES: readonly QueueName[] = [...new Set(Object.values(JOBS).map((kind) => kind.queue))];
/** The data a kind's jobs carry. */
export type JobData<K extends JobKindName> = Parameters<(typeof JOBS)[K]['idOf']>[0];

/** The id of a run asked for while the row's job is active (see JobKind). */
export function rerunIdOf(jobId: string): string {
  return `${jobId}-rerun`;
}

/** Each queue's default job options, in one place. */
export function queueOptions(queue: QueueName, config: AppConfig): JobsOptions {
  switch (queue) {
    case SUBMISSIONS_QUEUE:
      return {
        attempts: config.queue.attempts,
        backoff: { type: 'exponential', delay: Math.round(config.queue.backoffDelay * 1000) },
        removeOnComplete: KEEP_COMPLETED,
        // Failed jobs stay in BullMQ's failed set, visible and retryable from the dashboard.
        removeOnFail: false,
      };
    case WEBHOOKS_QUEUE:
      // The worker reschedules a failed HTTP attempt itself (see WebhookProcessor); BullMQ's attempts
      // only cover a run that threw (database or Redis away), so the delivery is not left pending.
      return {
        attempts: 10,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: false,
      };
    case MAINTENANCE_QUEUE:
    case MAILBOX_QUEUE:
      return { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 30 };
    case SLA_QUEUE:
      // A check that fails (database away) tries again; one that never succeeds is caught up by the sweep.
      return {
        attempts: 5,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: { age: 7 * 86_400 },
      };
    case MAIL_QUEUE:
    case SURVEYS_QUEUE:
      // An SMTP server that refuses for a while: 8 tries over about two hours (30 s doubling).
      return {
        attempts: 8,
        backoff: { type: 'exponential', delay: 30_000 },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: false,
      };
  }
}

/** How many jobs of a queue one worker runs at once. */
export function queueConcurrency(queue: QueueName, config: AppConfig): number {
  switch (queue) {
    case SUBMISSIONS_QUEUE:
      return config.queue.concurrency;
    case WEBHOOKS_QUEUE:
      // A destination that hangs holds one slot, not the queue.
      return Math.max(16, config.queue.concurrency);
    case MAINTENANCE_QUEUE:
    case MAILBOX_QUEUE:
      return 1;
    case SLA_QUEUE:
      return 4;
    case MAIL_QUEUE:
      return Math.max(4, config.queue.concurrency);
    case SURVEYS_QUEUE:
      return 2;
  }
}
