import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, isEmail, IsNotEmpty, IsUUID, Matches, ValidateBy, ValidateIf } from 'class-validator';

const REQUIRED_FIELDS = Symbol('contract:required-fields');

/** Every control character except tab, LF and CR (C0, DEL and C1). */
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/**
 * The characters a name shown to people must not hold (issue 53): every control character, tab, CR and
 * LF included (a name is one line), the bidirectional controls (ALM, LRM, RLM, the embeddings,
 * overrides and isolates: `invoice\u202Efdp.exe` shows as `invoiceexe.pdf`) and the line and paragraph
 * separators. A JSON Schema pattern too (no `\p{...}`), so the OpenAPI document states it.
 */
export const CONTROL_OR_BIDI_CHARACTERS =
  '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029';

/** A field whose absence, null or empty value answers `Missing field: <name>`. */
export function Required(): PropertyDecorator {
  const mark: PropertyDecorator = (target, property) => {
    const required = requiredFieldsOf(target.constructor);
    Reflect.defineMetadata(REQUIRED_FIELDS, [...required, String(property)], target.constructor);
  };
  return applyDecorators(mark, IsDefined(), IsNotEmpty());
}

/** An optional field: absent, null and "" skip every other check (and are stored as null). */
export function Optional(): PropertyDecorator {
  return ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null && value !== '');
}

/** Trims surrounding white space from strings; other values pass untouched for the type checks. */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/**
 * A UUID in any letter case, kept in the one spelling the service stores and compares (lower case):
 * the database's collation matches either, so comparing ids as given would let `ABC...` pass for
 * someone else than `abc...`.
 */
export function CanonicalId(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value)),
    IsUUID(),
  );
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date (`2026-11-01`) or an RFC 3339 date-time with its offset (`2026-11-01T09:30:00Z`,
 * `...+02:00`): exactly OpenAPI's `date` and `date-time` formats, which the document states (issue 36).
 * ISO 8601's other spellings (weeks, ordinal days, no offset: whose local time?) are refused.
 */
export function isDateOrDateTime(value: unknown): boolean {
  if (typeof value !== 'string') {
    return false;
  }
  if (isCalendarDate(value)) {
    return true;
  }
  const match = DATE_TIME.exec(value);
  if (!match || !isCalendarDate(match[1])) {
    return false;
  }
  const [hours, minutes, seconds] = match.slice(2, 5).map(Number);
  const offset = match[7] === undefined ? [0, 0] : [Number(match[7]), Number(match[8])];
  return hours < 24 && minutes < 60 && seconds < 60 && offset[0] < 24 && offset[1] < 60;
}

/** See isDateOrDateTime; the OpenAPI document says `anyOf: [date, date-time]` (strict-document.ts). */
export function DateOrDateTime(): PropertyDecorator {
  return ValidateBy({ name: 'dateOrDateTime', validator: { validate: isDateOrDateTime } });
}

/** Rejects control characters other than tab, CR and LF. */
export function NoControlCharacters(): PropertyDecorator {
  return Matches(NO_CONTROL_CHARACTERS);
}

export function requiredFieldsOf(dto: object): string[] {
  return (Reflect.getMetadata(REQUIRED_FIELDS, dto) as string[] | undefined) ?? [];
}

/**
 * Unicode code points in a string: what MySQL's utf8mb4 columns count. (String#length counts UTF-16
 * units, and validator.js's isLength leaves out variation selectors: neither matches the column.)
 */
export function codePointLength(value: string): number {
  let surrogatePairs = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      surrogatePairs++;
      i++;
    }
  }
  return value.length - surrogatePairs;
}

/** At most `max` code points (emoji, combining marks and variation selectors count one each). */
export function MaxCodePoints(max: number): PropertyDecorator {
  return ValidateBy({
    name: 'maxCodePoints',
    constraints: [max],
    // A string never has more code points than UTF-16 units, so most values need no counting.
    validator: {
      validate: (value: unknown) => typeof value === 'string' && (value.length <= max || codePointLength(value) <= max),
    },
  });
}

/** Well-formed Unicode only: a lone surrogate ("\ud800" in JSON) would be stored as U+FFFD. */
export function WellFormedUnicode(): PropertyDecorator {
  return ValidateBy({
    name: 'wellFormedUnicode',
    validator: { validate: (value: unknown) => typeof value === 'string' && value.isWellFormed() },
  });
}

/**
 * An e-mail address (validator.js's isEmail). isEmail throws on a lone surrogate (a 500), so it only
 * ever sees well-formed strings.
 */
export function EmailAddress(): PropertyDecorator {
  return ValidateBy({
    name: 'emailAddress',
    validator: { validate: (value: unknown) => typeof value === 'string' && value.isWellFormed() && isEmail(value) },
  });
}
