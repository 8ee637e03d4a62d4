import { SubmissionEntity } from '../entities/submission.entity';

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
  'priority',
  // The labels in their order, `, ` between them (a label holds no comma).
  'tags',
  // Empty, or which fields could not be decrypted and why (see SubmissionEntity.unreadable).
  'unreadable',
] as const;

/**
 * Cells a spreadsheet would take for a formula (CWE-1236): starting with `= + - @`, a tab or CR, or
 * their full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20), which some spreadsheets fold to ASCII on
 * import, also behind zero-width characters (U+200B-U+200D, U+2060, U+FEFF) that a reader cannot see
 * and some importers drop (issue 24).
 */
const FORMULA_START = /^[\u200B-\u200D\u2060\uFEFF]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Spreadsheets (Excel above all) read a CSV as UTF-8 only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** The export's download name, with the day it was made (UTC). */
export function csvFileName(now: Date): string {
  return `submissions-${now.toISOString().slice(0, 10)}.csv`;
}

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

export function csvRowOf(submission: SubmissionEntity, tags: string[]): string {
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
    submission.priority,
    tags.join(', '),
    submission.unreadable ?? null,
  ]);
}
