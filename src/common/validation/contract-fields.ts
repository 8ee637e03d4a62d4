import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, Matches, ValidateIf } from 'class-validator';

const REQUIRED_FIELDS = Symbol('contract:required-fields');

/** Every control character except tab, LF and CR (C0, DEL and C1). */
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

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

/** Rejects control characters other than tab, CR and LF. */
export function NoControlCharacters(): PropertyDecorator {
  return Matches(NO_CONTROL_CHARACTERS);
}

export function requiredFieldsOf(dto: object): string[] {
  return (Reflect.getMetadata(REQUIRED_FIELDS, dto) as string[] | undefined) ?? [];
}
