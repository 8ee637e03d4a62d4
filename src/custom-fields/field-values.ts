import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { FieldDefinition, FieldType, NUMBER_LIMIT, TEXT_LIMITS } from './field-definitions';

/** A field's value as the API shows and takes it. */
export type FieldValue = string | number | boolean | string[];

/**
 * Patterns of the JSON Schema, which the service checks values with too (one rule, so the schema a
 * client builds its form from and the service never disagree). Ajv compiles them with the `u` flag, so
 * a lone surrogate is a code point of its own and the classes below refuse it.
 */
/** Every control character except tab, CR and LF, and lone surrogates (part one's rule for free text). */
export const FREE_TEXT = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';
/** One line: no control character at all, no lone surrogate. */
export const ONE_LINE = '^[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';
/** Part one's telephone characters. */
export const PHONE = '^[0-9 +\\-()./x]*$';
/** Something other than white space: a required text. */
export const NOT_BLANK = '\\S';
/** Only white space (or nothing): what an optional text treats as absent. */
export const BLANK = '^\\s*$';
const WEB_ADDRESS = '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+';

type Schema = Record<string, unknown>;

/** The JSON Schema of a present, non-blank value of this field. */
export function valueSchemaOf(field: FieldDefinition): Schema {
  const type: FieldType = field.type;
  switch (type) {
    case 'text':
      return { type: 'string', maxLength: field.max_length ?? TEXT_LIMITS.text, pattern: ONE_LINE };
    case 'long_text':
      return { type: 'string', maxLength: field.max_length ?? TEXT_LIMITS.long_text, pattern: FREE_TEXT };
    case 'number':
      return { type: 'number', minimum: field.min ?? -NUMBER_LIMIT, maximum: field.max ?? NUMBER_LIMIT };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'email':
      return { type: 'string', maxLength: TEXT_LIMITS.email, format: 'email' };
    case 'url':
      return { type: 'string', maxLength: TEXT_LIMITS.url, format: 'uri', pattern: WEB_ADDRESS };
    case 'phone':
      return { type: 'string', maxLength: TEXT_LIMITS.phone, allOf: [{ pattern: PHONE }, { pattern: ONE_LINE }] };
    case 'select':
      return { type: 'string', enum: field.options ?? [] };
    case 'multi_select':
      return {
        type: 'array',
        items: { type: 'string', enum: field.options ?? [] },
        uniqueItems: true,
        maxItems: field.options?.length ?? 0,
      };
    case 'checkbox':
      return { type: 'boolean' };
  }
}

/** Types whose strings are trimmed before they are checked and stored (as part one's fields are). */
const TRIMMED: ReadonlySet<FieldType> = new Set(['text', 'long_text', 'email', 'url', 'phone', 'date']);

/**
 * The schema of this field's member in a body: for a required field, a present value (a text with
 * something besides white space, a ticked box, at least one choice); otherwise also null or a blank
 * string, which the service takes as absent.
 */
export function memberSchemaOf(field: FieldDefinition): Schema {
  const value = valueSchemaOf(field);
  if (field.required) {
    if (TRIMMED.has(field.type)) {
      return { ...value, allOf: [...((value.allOf as Schema[] | undefined) ?? []), { pattern: NOT_BLANK }] };
    }
    if (field.type === 'multi_select') {
      return { ...value, minItems: 1 };
    }
    if (field.type === 'checkbox') {
      return { const: true };
    }
    return value;
  }
  return { anyOf: [{ type: 'null' }, { type: 'string', pattern: BLANK }, value] };
}

/** The schema of the `fields` member for these (client) fields. */
export function fieldsObjectSchema(fields: readonly FieldDefinition[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, memberSchemaOf(field)])),
    required: fields.filter((field) => field.required).map((field) => field.name),
    additionalProperties: false,
  };
}

/** One Ajv for the service's checks: JSON Schema 2020-12, the formats above asserted. */
export function newSchemaValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: false, unicodeRegExp: true });
  addFormats(ajv, ['date', 'email', 'uri']);
  return ajv;
}

/** What a sent member is once trimmed: absent (null, blank, nothing chosen, an unticked box) or a value. */
export function normalisedValue(field: FieldDefinition, value: unknown): unknown {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') {
      return undefined;
    }
    return TRIMMED.has(field.type) ? trimmed : value;
  }
  if (field.type === 'multi_select' && Array.isArray(value) && value.length === 0) {
    return undefined;
  }
  if (field.type === 'checkbox' && value === false && field.required) {
    // An unticked required box is a missing answer, as HTML's `required` checkbox says (valueMissing).
    return undefined;
  }
  return value;
}

/** A compiled check of each field's present value (see valueSchemaOf). */
export type ValueChecks = ReadonlyMap<string, ValidateFunction>;

export function compileValueChecks(ajv: Ajv2020, fields: readonly FieldDefinition[]): ValueChecks {
  return new Map(fields.map((field) => [field.name, ajv.compile(valueSchemaOf(field))]));
}
