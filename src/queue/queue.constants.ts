/**
 * The queue contract shared by the API (producer) and staff workers (consumers), in any language:
 * queue `submissions`, job name `deliver-submission`, job id = submission id, payload
 * `{"submissionId": "<uuid>"}`. Workers reload the row by id; the payload never carries personal data.
 */
export const SUBMISSIONS_QUEUE = 'submissions';
export const DELIVER_SUBMISSION_JOB = 'deliver-submission';

export interface DeliverSubmissionJob {
  submissionId: string;
}

/**
 * One webhook delivery (an event for one destination) per job: queue `webhooks`, job name
 * `deliver-webhook`, payload WebhookJobData (ids only, see the catalogue). Its retries follow the Standard
 * Webhooks schedule, kept by the worker, not BullMQ's backoff.
 */
export const WEBHOOKS_QUEUE = 'webhooks';
export const DELIVER_WEBHOOK_JOB = 'deliver-webhook';

/** Housekeeping on a schedule (retention): one repeatable job, so one worker runs it however many there are. */
export const MAINTENANCE_QUEUE = 'maintenance';
export const RETENTION_JOB = 'retention';
/** Also on `maintenance`, every hour: delete staff uploads no reply used within 24 hours. */
export const FORGET_UPLOADS_JOB = 'forget-uploads';

/** Outgoing mail: queue `mail`, job `send-message`, `{"messageId": "<uuid>"}` (a reply or an acknowledgement). */
export const MAIL_QUEUE = 'mail';
export const SEND_MESSAGE_JOB = 'send-message';
/** Also on `mail`: `notify-assignee`, `{"messageId": "<uuid>"}` (a customer wrote; the assignee hears of it). */
export const NOTIFY_ASSIGNEE_JOB = 'notify-assignee';
/** Also on `mail`: `notify-assignment`, ids only (a submission was assigned to someone else than who did it). */
export const NOTIFY_ASSIGNMENT_JOB = 'notify-assignment';
/**
 * Satisfaction surveys: queue `surveys`, job `send-survey`, `{"surveyId": "<uuid>"}` (a closed submission's
 * survey to its requester). A queue of its own, not `mail`: during a rolling upgrade the previous
 * release's workers take every job of the queues they know, and would fail a kind they do not.
 */
export const SURVEYS_QUEUE = 'surveys';
export const SEND_SURVEY_JOB = 'send-survey';

/** The inbound mailbox: queue `mailbox`, job `poll-mailbox` (one IMAP poll, on a schedule; no payload). */
export const MAILBOX_QUEUE = 'mailbox';
export const POLL_MAILBOX_JOB = 'poll-mailbox';

/**
 * Service levels: queue `sla`, job `check-sla`, `{"submissionId": "<uuid>", "dueAt": <ms>}`, one delayed
 * job per due time of a submission's targets; it records the targets breached by then.
 */
export const SLA_QUEUE = 'sla';
export const CHECK_SLA_JOB = 'check-sla';
