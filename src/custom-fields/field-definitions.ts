import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../http/api-exception';
import { codePointLength } from '../http/validation/contract-fields';

/** The types of part five's custom fields. */
export const FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'email',
  'url',
  'phone',
  'select',
  'multi_select',
  'checkbox',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** At most this many fields per key (the contract). */
export const MAX_FIELDS_PER_KEY = 50;
/** A select's options: 1 to this many. */
export const MAX_OPTIONS = 100;
export const OPTION_MAX_LENGTH = 100;
export const LABEL_MAX_LENGTH = 100;
export const HELP_MAX_LENGTH = 500;
/** The longest value each text-like type takes (and the default and ceiling of its `max_length`). */
export const TEXT_LIMITS: Partial<Record<FieldType, number>> = {
  text: 1_000,
  long_text: 10_000,
  email: 254,
  url: 2_000,
  phone: 32,
};
/**
 * Numbers are doubles; beyond 2^53 a double no longer holds every integer, so a value past it would be
 * stored as a neighbour of what was sent. The bounds of every number field (and the default ones).
 */
export const NUMBER_LIMIT = Number.MAX_SAFE_INTEGER;

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
/**
 * Names the contract's pattern allows but a body cannot carry: the global validation pipe removes
 * members named so at any depth of a body (prototype pollution), so such a field could never be set.
 */
const RESERVED_NAMES: ReadonlySet<string> = new Set(['constructor', 'prototype']);
/** Every control character, tab, CR and LF included (a label, an option and a `text` value are one line). */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Types whose values are personal unless the definition says otherwise (the contract). */
const PERSONAL_BY_DEFAULT: ReadonlySet<FieldType> = new Set(['text', 'long_text', 'email', 'phone', 'url']);
/** Types a list filter, a report and an SLA policy can compare exactly. */
export const EXACT_TYPES: ReadonlySet<FieldType> = new Set(['select', 'multi_select', 'checkbox']);
/** Types whose words a staff search (`q`) finds: the text-like types and the choices of selects. */
export const SEARCHED_TYPES: ReadonlySet<FieldType> = new Set([
  'text',
  'long_text',
  'email',
  'url',
  'phone',
  'select',
  'multi_select',
]);
/** Types a list filter takes as a range `from..to`. */
export const RANGE_TYPES: ReadonlySet<FieldType> = new Set(['number', 'date']);

/** One field of a key, as stored in a version and as the API shows it (snake_case, every member present). */
export interface FieldDefinition {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: string[] | null;
  max_length: number | null;
  min: number | null;
  max: number | null;
  help: string | null;
  personal: boolean;
  staff_only: boolean;
}

const MEMBERS = new Set([
  'name',
  'label',
  'type',
  'required',
  'options',
  'max_length',
  'min',
  'max',
  'help',
  'personal',
  'staff_only',
]);

function invalid(path: string): ApiException {
  return new ApiException(HttpStatus.BAD_REQUEST, `Invalid field: ${path}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A one-line string of 1..max code points after trimming, or throws `Invalid field: <path>`. */
function oneLine(value: unknown, path: string, max: number): string {
  if (typeof value !== 'string') {
    throw invalid(path);
  }
  const trimmed = value.trim();
  if (trimmed === '' || codePointLength(trimmed) > max || CONTROL.test(trimmed) || !trimmed.isWellFormed()) {
    throw invalid(path);
  }
  return trimmed;
}

function optionalBoolean(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined || value === null) {
    return fallback;
  }
  if (typeof value !== 'boolean') {
    throw invalid(path);
  }
  return value;
}

function optionalInteger(value: unknown, path: string, from: number, to: number): number | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < from || value > to) {
    throw invalid(path);
  }
  return value;
}

function optionalNumber(value: unknown, path: string): number | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > NUMBER_LIMIT) {
    throw invalid(path);
  }
  return value;
}

/**
 * The body of `PUT /staff/api/keys/:id/fields` as definitions, or the first problem in the contract's
 * shape: unknown members first, then a missing one, then an invalid one, field by field in list order.
 * `earlier` holds every field the key has ever had (retired ones too): a name keeps its type and its
 * `personal` for life, since stored values were checked and sealed under them (retire it and add
 * another name instead).
 */
export function parseDefinitions(body: unknown, earlier: ReadonlyMap<string, FieldDefinition>): FieldDefinition[] {
  if (!isPlainObject(body)) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid JSON body');
  }
  const unknown = Object.keys(body).find((key) => key !== 'fields');
  if (unknown !== undefined) {
    throw new ApiException(HttpStatus.BAD_REQUEST, `Unknown field: ${unknown}`);
  }
  if (body.fields === undefined || body.fields === null) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'Missing field: fields');
  }
  if (!Array.isArray(body.fields) || body.fields.length > MAX_FIELDS_PER_KEY) {
    throw invalid('fields');
  }
  const seen = new Set<string>();
  return body.fields.map((raw: unknown, index) => {
    const definition = parseDefinition(raw, `fields[${index}]`, earlier);
    if (seen.has(definition.name)) {
      throw invalid(`fields[${index}].name`);
    }
    seen.add(definition.name);
    return definition;
  });
}

function parseDefinition(raw: unknown, path: string, earlier: ReadonlyMap<string, FieldDefinition>): FieldDefinition {
  if (!isPlainObject(raw)) {
    throw invalid(path);
  }
  const unknown = Object.keys(raw).find((key) => !MEMBERS.has(key));
  if (unknown !== undefined) {
    throw new ApiException(HttpStatus.BAD_REQUEST, `Unknown field: ${path}.${unknown}`);
  }
  for (const member of ['name', 'label', 'type'] as const) {
    const value = raw[member];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      throw new ApiException(HttpStatus.BAD_REQUEST, `Missing field: ${path}.${member}`);
    }
  }
  if (typeof raw.name !== 'string' || !NAME.test(raw.name) || RESERVED_NAMES.has(raw.name)) {
    throw invalid(`${path}.name`);
  }
  const name = raw.name;
  const label = oneLine(raw.label, `${path}.label`, LABEL_MAX_LENGTH);
  if (typeof raw.type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(raw.type)) {
    throw invalid(`${path}.type`);
  }
  const type = raw.type as FieldType;
  const before = earlier.get(name);
  if (before && before.type !== type) {
    throw invalid(`${path}.type`);
  }
  const required = optionalBoolean(raw.required, `${path}.required`, false);
  const options = optionsOf(raw.options, type, `${path}.options`);
  const textLimit = TEXT_LIMITS[type];
  const maxLength =
    type === 'text' || type === 'long_text'
      ? (optionalInteger(raw.max_length, `${path}.max_length`, 1, textLimit!) ?? textLimit!)
      : nothing(raw.max_length, `${path}.max_length`);
  let min: number | null = null;
  let max: number | null = null;
  if (type === 'number') {
    min = optionalNumber(raw.min, `${path}.min`);
    max = optionalNumber(raw.max, `${path}.max`);
    if (min !== null && max !== null && min > max) {
      throw invalid(`${path}.max`);
    }
  } else {
    nothing(raw.min, `${path}.min`);
    nothing(raw.max, `${path}.max`);
  }
  const help =
    raw.help === undefined || raw.help === null || raw.help === ''
      ? null
      : oneLine(raw.help, `${path}.help`, HELP_MAX_LENGTH);
  const personal = optionalBoolean(raw.personal, `${path}.personal`, PERSONAL_BY_DEFAULT.has(type));
  if (before && before.personal !== personal) {
    throw invalid(`${path}.personal`);
  }
  const staffOnly = optionalBoolean(raw.staff_only, `${path}.staff_only`, false);
  return {
    name,
    label,
    type,
    required,
    options,
    max_length: maxLength,
    min,
    max,
    help,
    personal,
    staff_only: staffOnly,
  };
}

/** A member that this type does not take: absent or null, else `Invalid field`. */
function nothing(value: unknown, path: string): null {
  if (value !== undefined && value !== null) {
    throw invalid(path);
  }
  return null;
}

function optionsOf(value: unknown, type: FieldType, path: string): string[] | null {
  if (type !== 'select' && type !== 'multi_select') {
    return nothing(value, path);
  }
  if (value === undefined || value === null) {
    throw new ApiException(HttpStatus.BAD_REQUEST, `Missing field: ${path}`);
  }
  // Checked for length before a single option is looked at: 10 000 options cost nothing.
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_OPTIONS) {
    throw invalid(path);
  }
  const options = value.map((option: unknown) => oneLine(option, path, OPTION_MAX_LENGTH));
  if (new Set(options).size !== options.length) {
    throw invalid(path);
  }
  return options;
}
