/** What a requester may answer: the survey mail's two links, and the page's two choices. */
export const RATINGS = ['good', 'not_good'] as const;
export type Rating = (typeof RATINGS)[number];

/** A rating in words, as the page and the mail say it. */
export const RATING_WORDS: Record<Rating, string> = { good: 'Good', not_good: 'Not good' };

export function isRating(value: unknown): value is Rating {
  return (RATINGS as readonly unknown[]).includes(value);
}

/**
 * A survey's mail, and the only ways it changes; each change is one conditional UPDATE naming the
 * state it leaves (SatisfactionSurveysRepository.settleMail), so a job that runs twice settles it once.
 *
 *   queued --send--> sent     (the SMTP server took it)
 *   queued --skip--> skipped  (nothing to send: no address any more, no SMTP_URL, or its links expired)
 *   queued --fail--> failed   (the last try failed; the job stays in the mail queue's failed set)
 *
 * The answer is apart from this: a survey is rated once (`rating` set where it was null).
 */
export const SURVEY_MAIL_STATE = {
  queued: 'queued',
  sent: 'sent',
  skipped: 'skipped',
  failed: 'failed',
} as const;

export type SurveyMailState = (typeof SURVEY_MAIL_STATE)[keyof typeof SURVEY_MAIL_STATE];

const { queued, sent, skipped, failed } = SURVEY_MAIL_STATE;

export const SURVEY_MAIL_TRANSITIONS = {
  send: { from: [queued], to: sent },
  skip: { from: [queued], to: skipped },
  fail: { from: [queued], to: failed },
} as const satisfies Record<string, { from: readonly SurveyMailState[]; to: SurveyMailState }>;

export type SurveyMailTransition = keyof typeof SURVEY_MAIL_TRANSITIONS;
