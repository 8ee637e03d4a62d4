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
