import { SubmissionEntity } from './entities/submission.entity';

/** The export's columns, in order. */
export const CSV_COLUMNS = [
  'id',
  'created_at',
  'status',
  'delivery_state',
  'assignee_id',
  'assignee_name',
  'api_key_id',
  'api_key_name',
  'name',
  'email',
  'phone',
  'business',
  'message',
  'closed_at',
] as const;

/** Cells a spreadsheet would take for a formula (CWE-1236) start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell: a value starting like a formula is prefixed with `'` so spreadsheets show it as
 * text; a cell with a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | null): string {
  if (value === null || value === '') {
    return '';
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvRowOf(submission: SubmissionEntity): string {
  return csvLine([
    submission.id,
    submission.createdAt.toISOString(),
    submission.status,
    submission.state,
    submission.assigneeId,
    submission.assignee?.name ?? null,
    submission.apiKeyId,
    submission.apiKey?.name ?? null,
    submission.name,
    submission.email,
    submission.phone,
    submission.business,
    submission.message,
    submission.closedAt?.toISOString() ?? null,
  ]);
}
