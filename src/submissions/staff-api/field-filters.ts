import { HttpStatus } from '@nestjs/common';
import { FieldDefinition, FieldType, NUMBER_LIMIT, OPTION_MAX_LENGTH } from '../../custom-fields/field-definitions';
import { codePointLength } from '../../http/validation/contract-fields';
import { ApiException } from '../../http/api-exception';

/**
 * One `field.<name>` filter as the repository applies it: a submission matches when one of its values
 * of the field matches one of the parts present. A name is a field of any key, and two keys may give
 * it different types, so a value can fit more than one part (a select of one key and a checkbox of
 * another both compare `value_key`).
 */
export interface FieldCondition {
  name: string;
  /** `value_key` equal to this (a select's value, one choice of a multi_select, a checkbox's `true`/`false`). */
  key?: string;
  /** `value_number` within these bounds, inclusive; an absent bound is open. */
  numbers?: { from?: number; to?: number };
  /** `value_date` (YYYY-MM-DD) within these bounds, inclusive; an absent bound is open. */
  dates?: { from?: string; to?: string };
}

/** A range `<from>..<to>`: the first `..` splits it (neither a number nor a date holds one). */
const RANGE = /^(.*?)\.\.(.*)$/s;
/** A decimal number as staff type it: no exponent, no leading `+`, no bare `.5`. */
const NUMBER = /^-?\d{1,16}(\.\d{1,16})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Types a select-like value (`value_key`) is compared for. */
const KEY_TYPES: ReadonlySet<FieldType> = new Set(['select', 'multi_select', 'checkbox']);

function invalid(name: string): ApiException {
  return new ApiException(HttpStatus.BAD_REQUEST, `Invalid field: field.${name}`);
}

function isRealDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (!parts) {
    return false;
  }
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function numberOf(text: string): number | undefined | null {
  if (text === '') {
    return undefined;
  }
  if (!NUMBER.test(text)) {
    return null;
  }
  const value = Number(text);
  return Math.abs(value) <= NUMBER_LIMIT ? value : null;
}

function dateOf(text: string): string | undefined | null {
  return text === '' ? undefined : isRealDate(text) ? text : null;
}

/** A range's two ends, each absent when left open; null when it is not a range of what `parse` takes. */
function rangeOf<T>(value: string, parse: (end: string) => T | undefined | null): { from?: T; to?: T } | null {
  const parts = RANGE.exec(value);
  if (!parts) {
    return null;
  }
  const from = parse(parts[1]);
  const to = parse(parts[2]);
  // At least one end, each a value of the type, the lower one first.
  if (from === null || to === null || (from === undefined && to === undefined)) {
    return null;
  }
  if (from !== undefined && to !== undefined && from > to) {
    return null;
  }
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

/**
 * The condition of `field.<name>=<value>`, given every definition of `name` across keys (current and
 * retired), or 400 `Invalid field: field.<name>`: no key defines the name; none of its definitions
 * can be filtered (personal ones have no filter columns, text-like types no filter); the member was
 * sent more than once; or the value fits no filterable definition (a select value of 1-100
 * characters, `true` or `false` for a checkbox, a range of numbers or of real dates).
 */
export function fieldConditionOf(
  name: string,
  value: unknown,
  definitions: readonly FieldDefinition[],
): FieldCondition {
  const filterable = definitions.filter(
    (field) => !field.personal && (KEY_TYPES.has(field.type) || field.type === 'number' || field.type === 'date'),
  );
  if (filterable.length === 0 || typeof value !== 'string') {
    throw invalid(name);
  }
  const types = new Set(filterable.map((field) => field.type));
  const condition: FieldCondition = { name };
  const selectLike = types.has('select') || types.has('multi_select');
  if (
    (selectLike && codePointLength(value) <= OPTION_MAX_LENGTH) ||
    (types.has('checkbox') && /^(true|false)$/.test(value))
  ) {
    condition.key = value;
  }
  const numbers = types.has('number') ? rangeOf(value, numberOf) : null;
  if (numbers) {
    condition.numbers = numbers;
  }
  const dates = types.has('date') ? rangeOf(value, dateOf) : null;
  if (dates) {
    condition.dates = dates;
  }
  if (condition.key === undefined && !condition.numbers && !condition.dates) {
    throw invalid(name);
  }
  return condition;
}
