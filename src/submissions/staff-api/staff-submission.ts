import type { SubmissionFieldView } from '../lifecycle/submission-fields';
import { SubmissionEntity } from '../entities/submission.entity';

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
  /**
   * Its custom fields (part five), as staff views show them; absent when its key has none, so a
   * receiver of part one's payload gets it byte for byte.
   */
  fields?: SubmissionFieldView[];
}

export function toStaffSubmission(
  submission: SubmissionEntity,
  apiKeyName: string,
  fields: SubmissionFieldView[],
): StaffSubmission {
  return {
    id: submission.id,
    // Null when the row does not open (see SubmissionEntity.unreadable); a string to every receiver.
    name: submission.name ?? '',
    email: submission.email,
    phone: submission.phone,
    business: submission.business,
    message: submission.message,
    created_at: submission.createdAt.toISOString(),
    api_key: { id: submission.apiKeyId, name: apiKeyName },
    ...(fields.length > 0 ? { fields } : {}),
  };
}

/** `{ unreadable }` for a row that did not open, nothing for the others (the field is absent then). */
export function unreadableOf(row: { unreadable?: string }): { unreadable?: string } {
  return row.unreadable === undefined ? {} : { unreadable: row.unreadable };
}
