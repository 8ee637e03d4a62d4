/**
 * A staff notice's mail (issue 54, point 3), and the only ways it changes; each change is one
 * conditional UPDATE naming the state it leaves (StaffNoticesRepository.settle), so a job that runs
 * twice settles it once.
 *
 *   queued --send--> sent     (the SMTP server took it)
 *   queued --skip--> skipped  (nothing to send when the worker looked: no assignee any more, a disabled
 *                              account, another assignee since, no SMTP_URL, the submission gone)
 *
 * There is no `failed`: a notice the SMTP server keeps refusing stays `queued` in the mail queue's
 * failed set, as a reply's job does, and the reconciler leaves a job that exists alone.
 */
export const STAFF_NOTICE_STATE = {
  queued: 'queued',
  sent: 'sent',
  skipped: 'skipped',
} as const;

export type StaffNoticeState = (typeof STAFF_NOTICE_STATE)[keyof typeof STAFF_NOTICE_STATE];

const { queued, sent, skipped } = STAFF_NOTICE_STATE;

export const STAFF_NOTICE_TRANSITIONS = {
  send: { from: [queued], to: sent },
  skip: { from: [queued], to: skipped },
} as const satisfies Record<string, { from: readonly StaffNoticeState[]; to: StaffNoticeState }>;

export type StaffNoticeEvent = keyof typeof STAFF_NOTICE_TRANSITIONS;

/**
 * What a notice tells: a submission was assigned to someone (its source is the fact's id), or the
 * customer wrote on a submission (its source is the customer message's id).
 */
export const STAFF_NOTICE_KINDS = ['assignment', 'customer_message'] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];
