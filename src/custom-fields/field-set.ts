import { HttpStatus } from '@nestjs/common';
import type Ajv2020 from 'ajv/dist/2020';
import { ApiException } from '../http/api-exception';
import { FieldDefinition } from './field-definitions';
import { compileValueChecks, FieldValue, normalisedValue, ValueChecks } from './field-values';
import { submissionBodySchema } from './submission-body-schema';

/** Where a change of values comes from: a client system (intake) or staff (PATCH). */
export type FieldWriter = 'client' | 'staff';

/**
 * One version of a key's fields, compiled: its definitions in order, the fields earlier versions had
 * and this one retired, and a check per field. Built once per (key, version) and shared.
 */
export class FieldSet {
  private readonly checks: ValueChecks;
  private readonly byName: ReadonlyMap<string, FieldDefinition>;
  private readonly retiredByName: ReadonlyMap<string, FieldDefinition>;
  private schema?: object;

  constructor(
    readonly apiKeyId: string,
    readonly version: number,
    /** The fields of this version, in the order the admin gave. */
    readonly current: readonly FieldDefinition[],
    /** Fields of earlier versions left out of this one (their last definition), oldest first. */
    readonly retired: readonly FieldDefinition[],
    ajv: Ajv2020,
  ) {
    this.byName = new Map(current.map((field) => [field.name, field]));
    this.retiredByName = new Map(retired.map((field) => [field.name, field]));
    this.checks = compileValueChecks(ajv, current);
  }

  /**
   * Whether a client system may send `fields` at all: the key has fields it sends (else `fields` is an
   * unknown member of the body, as before part five).
   */
  get takesFields(): boolean {
    return this.current.some((field) => !field.staff_only);
  }

  /** The fields a client system sends (not `staff_only`), in order. */
  get clientFields(): FieldDefinition[] {
    return this.current.filter((field) => !field.staff_only);
  }

  /** A current field by name. */
  field(name: string): FieldDefinition | undefined {
    return this.byName.get(name);
  }

  /** A current or retired field by name, and whether it is retired. */
  anyField(name: string): { definition: FieldDefinition; retired: boolean } | undefined {
    const definition = this.byName.get(name);
    if (definition) {
      return { definition, retired: false };
    }
    const retired = this.retiredByName.get(name);
    return retired ? { definition: retired, retired: true } : undefined;
  }

  /** JSON Schema 2020-12 of POST /contact_api.php's body for this key (built on first use). */
  bodySchema(): object {
    this.schema ??= submissionBodySchema(this.clientFields);
    return this.schema;
  }

  /**
   * A body's `fields` member checked for intake (part five, in the contract's order): unknown members
   * (not defined, retired or staff_only), then required ones missing in definition order, then invalid
   * ones in definition order. Answers the present values.
   */
  checkIntake(member: unknown): Map<string, FieldValue> {
    const sent = this.objectOf(member);
    this.refuseUnknown(sent, 'client');
    const values = new Map<string, unknown>();
    for (const field of this.current) {
      const value = Object.hasOwn(sent, field.name) ? normalisedValue(field, sent[field.name]) : undefined;
      if (value !== undefined) {
        values.set(field.name, value);
      }
    }
    for (const field of this.current) {
      if (field.required && !field.staff_only && !values.has(field.name)) {
        throw new ApiException(HttpStatus.BAD_REQUEST, `Missing field: fields.${field.name}`);
      }
    }
    return this.checked(values);
  }

  /**
   * Staff's change of values (PATCH): any current field, staff_only ones too; null or blank clears a
   * value, except a required field's (`Missing field`). Answers each named field's new value (null: cleared).
   */
  checkChange(member: unknown): Map<string, FieldValue | null> {
    const sent = this.objectOf(member);
    this.refuseUnknown(sent, 'staff');
    const values = new Map<string, unknown>();
    const cleared: string[] = [];
    for (const field of this.current) {
      if (!Object.hasOwn(sent, field.name)) {
        continue;
      }
      // Absent after normalising (null, blank, [], an unticked required box): a clearing.
      const value = normalisedValue(field, sent[field.name]);
      if (value === undefined) {
        if (field.required) {
          throw new ApiException(HttpStatus.BAD_REQUEST, `Missing field: fields.${field.name}`);
        }
        cleared.push(field.name);
      } else {
        values.set(field.name, value);
      }
    }
    const changes: Map<string, FieldValue | null> = this.checked(values);
    for (const name of cleared) {
      changes.set(name, null);
    }
    return changes;
  }

  private objectOf(member: unknown): Record<string, unknown> {
    if (member === undefined || member === null) {
      return {};
    }
    if (typeof member !== 'object' || Array.isArray(member)) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: fields');
    }
    return member as Record<string, unknown>;
  }

  /** Looked up in Maps, never with `in`: `__proto__` and `constructor` are unknown names like any other. */
  private refuseUnknown(sent: Record<string, unknown>, writer: FieldWriter): void {
    for (const name of Object.keys(sent)) {
      const field = this.byName.get(name);
      if (!field || (writer === 'client' && field.staff_only)) {
        throw new ApiException(HttpStatus.BAD_REQUEST, `Unknown field: fields.${name}`);
      }
    }
  }

  /** The values, each checked against its field in definition order; the first invalid one answers 400. */
  private checked(values: Map<string, unknown>): Map<string, FieldValue> {
    for (const field of this.current) {
      const value = values.get(field.name);
      if (value !== undefined && !this.checks.get(field.name)!(value)) {
        throw new ApiException(HttpStatus.BAD_REQUEST, `Invalid field: fields.${field.name}`);
      }
    }
    return values as Map<string, FieldValue>;
  }
}
