import { api, KeyFields } from './api';

/** A key's custom fields as they are now (every staff member may read them). */
export function keyFields(apiKeyId: string): Promise<KeyFields> {
  return api<KeyFields>(`keys/${apiKeyId}/fields`);
}

/** A refusal that names a member: `Invalid field: fields[2].options`, `Missing field: fields.product`. */
export interface FieldError {
  kind: 'Unknown' | 'Missing' | 'Invalid';
  /** What the API named (`fields[2].options`, `fields.product`, `fields`). */
  path: string;
}

const FIELD_ERROR = /^(Unknown|Missing|Invalid) field: (.+)$/;

/** The member an API message names, or null for any other message. */
export function fieldErrorOf(message: string): FieldError | null {
  const match = FIELD_ERROR.exec(message);
  return match ? { kind: match[1] as FieldError['kind'], path: match[2] } : null;
}
