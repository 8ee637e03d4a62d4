import { SubmissionEntity } from './entities/submission.entity';

/**
 * A submission as staff channels receive it: the e-mail's content and the `data` of a
 * `submission.received` webhook (the fields part one's webhook sent as `submission`).
 */
export interface StaffSubmission {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  business: string | null;
  message: string | null;
  created_at: string;
  api_key: { id: string; name: string };
}

export function toStaffSubmission(submission: SubmissionEntity, apiKeyName: string): StaffSubmission {
  return {
    id: submission.id,
    name: submission.name,
    email: submission.email,
    phone: submission.phone,
    business: submission.business,
    message: submission.message,
    created_at: submission.createdAt.toISOString(),
    api_key: { id: submission.apiKeyId, name: apiKeyName },
  };
}
