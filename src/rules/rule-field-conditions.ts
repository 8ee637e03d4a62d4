import type { FieldDefinition, FieldType } from '../custom-fields/field-definitions';
import type { FieldSet } from '../custom-fields/field-set';
import type { FieldValue } from '../custom-fields/field-values';
import { isCalendarDate } from '../http/validation/contract-fields';
import type { RuleConditionSpec, RuleOp } from './rule-definition';

/**
 * Conditions on a custom field, `field.<name>` (issue 55): what each op means for each type, whether a
 * condition suits a key's definition of the name (asked when the rule is written), and the test itself.
 */

/** A custom field's value as rules read it, with the type its key defines it as. */
export interface RuleFieldValue {
  type: FieldType;
  value: FieldValue;
}

/** A submission's custom field values by name (those it has: a field without a value is absent). */
export type RuleFieldValues = ReadonlyMap<string, RuleFieldValue>;

/** Types whose value is free text: `contains` looks inside it, `matches_any_of` looks for words. */
const TEXTS: ReadonlySet<FieldType> = new Set(['text', 'long_text', 'email', 'url', 'phone']);
/** Free texts people write sentences in: `matches_any_of` is any of the words, as for a message. */
const WORDED: ReadonlySet<FieldType> = new Set(['text', 'long_text']);

/** One of a select's options, in any letter case (rules compare texts in any letter case). */
function isOption(definition: FieldDefinition, value: unknown): boolean {
  return (
    typeof value === 'string' &&
    (definition.options ?? []).some((option) => option.toLowerCase() === value.toLowerCase())
  );
}

/** A value the field could hold, for `is`, `is_not` and each item of `matches_any_of`. */
function isValueOf(definition: FieldDefinition, value: unknown): boolean {
  switch (definition.type) {
    case 'select':
    case 'multi_select':
      return isOption(definition, value);
    case 'checkbox':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'date':
      return typeof value === 'string' && isCalendarDate(value);
    default:
      return typeof value === 'string';
  }
}

/**
 * Whether a condition means something for this definition of its field (the value's syntax was checked
 * with the rule: isRuleCondition):
 * - text, long_text, email, url, phone: is, is_not, contains (a text), matches_any_of (texts);
 * - select: is, is_not, matches_any_of (its options);
 * - multi_select: is, is_not, contains (one of the choices is it), matches_any_of (its options);
 * - checkbox: is, is_not (true or false);
 * - number: is, is_not, matches_any_of (numbers), greater_than, less_than (a number);
 * - date: is, is_not, matches_any_of, greater_than, less_than (dates, `YYYY-MM-DD`).
 */
export function conditionSuits(definition: FieldDefinition, op: RuleOp, value: RuleConditionSpec['value']): boolean {
  const { type } = definition;
  switch (op) {
    case 'is':
    case 'is_not':
      return isValueOf(definition, value);
    case 'contains':
      return TEXTS.has(type) || (type === 'multi_select' && isOption(definition, value));
    case 'matches_any_of':
      return type !== 'checkbox' && Array.isArray(value) && value.every((item) => isValueOf(definition, item));
    case 'greater_than':
    case 'less_than':
      return (type === 'number' || type === 'date') && isValueOf(definition, value);
  }
}

/** A value folded for comparison: texts in lower case. */
type Folded = string | number | boolean;
const fold = (value: string | number | boolean): Folded => (typeof value === 'string' ? value.toLowerCase() : value);

/** The value's items folded: a multi_select's choices, or the value alone. */
function itemsOf(entry: RuleFieldValue): Folded[] {
  return Array.isArray(entry.value) ? entry.value.map(fold) : [fold(entry.value)];
}

/**
 * The test of a condition on the custom field `name`. A submission without a value of it (its key does
 * not define it, or it was left empty) matches `is_not` only. What each op means:
 * - `is` / `is_not`: equal in any letter case; a multi_select: one of its choices is it (as a label);
 * - `contains`: the text contains it (any letter case); a multi_select: one of its choices is it;
 * - `matches_any_of`: `is` any of them; a text or long_text: has any of them as a whole word or phrase;
 * - `greater_than` / `less_than`: a number, or a date (later / earlier).
 */
export function fieldTestOf(
  name: string,
  op: RuleOp,
  value: RuleConditionSpec['value'],
  scanOf: (word: string) => (text: string) => boolean,
): (fields: RuleFieldValues | undefined) => boolean {
  const wanted = (Array.isArray(value) ? (value as (string | number)[]) : [value]).map(fold);
  const first = wanted[0];
  const equals = (entry: RuleFieldValue | undefined) => entry !== undefined && itemsOf(entry).includes(first);
  switch (op) {
    case 'is':
      return (fields) => equals(fields?.get(name));
    case 'is_not':
      return (fields) => !equals(fields?.get(name));
    case 'contains':
      return (fields) => {
        const entry = fields?.get(name);
        if (entry === undefined) {
          return false;
        }
        if (TEXTS.has(entry.type) && typeof entry.value === 'string') {
          return entry.value.toLowerCase().includes(first as string);
        }
        return entry.type === 'multi_select' && itemsOf(entry).includes(first);
      };
    case 'matches_any_of': {
      const words = wanted.map((word) => (typeof word === 'string' ? scanOf(word) : () => false));
      return (fields) => {
        const entry = fields?.get(name);
        if (entry === undefined) {
          return false;
        }
        if (WORDED.has(entry.type) && typeof entry.value === 'string') {
          const text = entry.value.toLowerCase();
          return words.some((inText) => inText(text));
        }
        return itemsOf(entry).some((item) => wanted.includes(item));
      };
    }
    case 'greater_than':
    case 'less_than': {
      const later = op === 'greater_than';
      return (fields) => {
        const entry = fields?.get(name);
        const comparable =
          entry !== undefined &&
          ((entry.type === 'number' && typeof first === 'number') ||
            (entry.type === 'date' && typeof first === 'string'));
        if (!comparable) {
          return false;
        }
        const actual = entry.value as number | string;
        return later ? actual > first : actual < first;
      };
    }
  }
}

/** What the submission has for the field, as a rule test's reason says it. */
export function fieldValueWords(entry: RuleFieldValue | undefined): string {
  if (entry === undefined) {
    return 'no value';
  }
  return Array.isArray(entry.value) ? entry.value.join(', ') : String(entry.value);
}

/** The values rules read of a submission's fields: those it has, each with its type. */
export function ruleFieldValuesOf(
  fields: Iterable<{ name: string; type: FieldType; value: FieldValue | null }>,
): RuleFieldValues {
  const values = new Map<string, RuleFieldValue>();
  for (const field of fields) {
    if (field.value !== null) {
      values.set(field.name, { type: field.type, value: field.value });
    }
  }
  return values;
}

/** The values of a submission arriving: those its body held, typed by its key's fields. */
export function ruleFieldValuesAtIntake(set: FieldSet, values: ReadonlyMap<string, FieldValue>): RuleFieldValues {
  const typed = new Map<string, RuleFieldValue>();
  for (const [name, value] of values) {
    typed.set(name, { type: set.field(name)!.type, value });
  }
  return typed;
}
