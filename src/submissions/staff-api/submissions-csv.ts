import type { FieldSet } from '../../custom-fields/field-set';
import type { FieldValue } from '../../custom-fields/field-values';
import { SubmissionEntity } from '../entities/submission.entity';
import type { SubmissionFieldView } from '../lifecycle/submission-fields';

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

/**
 * The custom field columns of an export: every field of these keys (given in the export's key order),
 * current then retired in each key's order, once per name (a name two keys share is one column: a row
 * has one key).
 */
export function fieldColumnsOf(sets: readonly FieldSet[]): string[] {
  const names = new Set<string>();
  for (const set of sets) {
    for (const field of [...set.current, ...set.retired]) {
      names.add(field.name);
    }
  }
  return [...names];
}

/** The header of a custom field column. */
export function fieldColumnHeader(name: string): string {
  return `field.${name}`;
}

/** A custom field's cell: choices joined with `; `, a checkbox `true`/`false`, empty without a value. */
export function fieldCell(value: FieldValue | null | undefined): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/** A submission's cells of these field columns. */
export function fieldCellsOf(columns: readonly string[], fields: readonly SubmissionFieldView[]): (string | null)[] {
  const byName = new Map(fields.map((field) => [field.name, field.value]));
  return columns.map((name) => fieldCell(byName.get(name)));
}

/** A submission's line: the fixed columns, then its cells of the custom field columns (see fieldCellsOf). */
export function csvRowOf(submission: SubmissionEntity, tags: string[], fieldCells: (string | null)[] = []): string {
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
    ...fieldCells,
  ]);
}
