import { ArgumentMetadata, HttpStatus, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidatorOptions } from 'class-validator';
import { ApiException } from '../api-exception';
import { requiredFieldsOf } from './contract-fields';
import { fastPathFor } from './fast-path';
import { prefixedMembersOf, splitPrefixedMembers } from './prefixed-members';

/**
 * The contract's validation order after unknown fields (which the pipe checks first), given every
 * failure class-validator found for a body:
 *  1. a required field absent, null or empty: `Missing field: <name>`;
 *  2. a field of the wrong type or out of bounds, in the DTO's declaration order: `Invalid field: <name>`.
 */
export function contractMessageFor(dto: new () => object, errors: ValidationError[]): string {
  const failed = new Map(errors.map((error) => [error.property, error]));
  for (const field of requiredFieldsOf(dto)) {
    const error = failed.get(field);
    if (error && (error.value === undefined || error.value === null || error.value === '')) {
      return `Missing field: ${field}`;
    }
  }
  for (const field of declaredFieldsOf(dto)) {
    if (failed.has(field)) {
      return `Invalid field: ${field}`;
    }
  }
  // Unreachable while every DTO field is declared with a validator; fail closed all the same.
  return 'Invalid request body';
}

const declaredFields = new Map<new () => object, string[]>();

/** Field names in declaration order, from the order their validators were registered (read once per DTO). */
function declaredFieldsOf(dto: new () => object): string[] {
  let fields = declaredFields.get(dto);
  if (!fields) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    fields = [...new Set(metadata.map((entry) => entry.propertyName))];
    declaredFields.set(dto, fields);
  }
  return fields;
}

/**
 * The first field of the body, in the body's order, that the DTO does not declare. Checked here rather
 * than by class-validator's whitelist, which looks fields up in a plain object and so takes
 * `constructor`, `toString` and other Object.prototype names for declared ones.
 */
function unknownFieldOf(dto: new () => object, body: object, alsoKnown?: string): string | undefined {
  const declared = declaredFieldsOf(dto);
  return Object.keys(body).find((key) => !declared.includes(key) && key !== alsoKnown);
}

/**
 * A body checked as the global pipe checks it, for a route whose body depends on who sends it (the
 * intake's `fields`, known only for a key that has fields): not an object is `Invalid JSON body`; then
 * the first unknown member in the body's order (`alsoKnown` is known too, and left for the caller to
 * check); then the DTO's fields in the contract's order. Answers the DTO without `alsoKnown`.
 */
export function checkedBody<T extends object>(dto: new () => T, value: unknown, alsoKnown?: string): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid JSON body');
  }
  const unknown = unknownFieldOf(dto, value, alsoKnown);
  if (unknown !== undefined) {
    throw new ApiException(HttpStatus.BAD_REQUEST, `Unknown field: ${unknown}`);
  }
  const body = alsoKnown === undefined ? (value as Record<string, unknown>) : without(value, alsoKnown);
  const valid = fastPathFor(dto)?.(body);
  if (valid) {
    return valid as T;
  }
  const instance = plainToInstance(dto, body);
  const errors = validateSync(instance, { forbidUnknownValues: true, validationError: { target: false, value: true } });
  if (errors.length > 0) {
    throw new ApiException(HttpStatus.BAD_REQUEST, contractMessageFor(dto, errors));
  }
  return instance;
}

/**
 * The body less one member, copied member by member: the fast path takes bodies of primitives only
 * (an object member sent the intake down class-transformer's path: 60 µs more per submission), and a
 * spread then `delete` leaves an object V8 reads more slowly.
 */
function without(body: object, member: string): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name !== member) {
      rest[name] = value;
    }
  }
  return rest;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path parameter in the one spelling the service stores and compares: every `:id` of the API names a
 * row by its UUID, stored in lower case. The database's collation finds `ABC...` as readily as
 * `abc...` (issue 24), and its PAD SPACE comparison finds `abc... ` (a trailing `%20`) as `abc...`
 * (issue 36), so an id compared as sent could slip past "not your own account". Any letter case is
 * taken and lowered; anything else that is not a UUID names nothing, and answers the same 404 as an
 * unknown id. A future path parameter that is not an id needs its own rule here.
 */
export function canonicalParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
  }
  return value.toLowerCase();
}

/**
 * The global pipe, for path parameters (canonical ids), bodies and query strings: unknown fields refused, then class-transformer/class-validator DTOs, the first
 * failure in the contract's order answered 400. A body that is not a JSON object is `Invalid JSON body`.
 */
@Injectable()
export class ContractValidationPipe extends ValidationPipe {
  /** `fastPath: false` always takes the full class-transformer/class-validator path (the fast path's tests). */
  constructor(private readonly options: { fastPath?: boolean } = {}) {
    super({
      transform: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: true },
      exceptionFactory: (errors: ValidationError[]) => new ValidationFailure(errors),
    });
  }

  /**
   * Synchronously: no DTO here has an asynchronous constraint, and class-validator's promise-based
   * run allocates a promise per constraint and property on every request for nothing.
   */
  protected override validate(object: object, validatorOptions?: ValidatorOptions): ValidationError[] {
    return validateSync(object, validatorOptions);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') {
      return canonicalParam(value);
    }
    if ((metadata.type !== 'body' && metadata.type !== 'query') || !metadata.metatype || !this.toValidate(metadata)) {
      return value;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid JSON body');
    }
    // A query string is checked like a body (its parameters are its fields); Fastify parses it into an
    // object without a prototype, which class-transformer needs as a plain one.
    value = metadata.type === 'query' ? withoutEmptyParameters(value as Record<string, unknown>) : value;
    const dto = metadata.metatype as new () => object;
    const prefixed = metadata.type === 'query' ? prefixedMembersOf(dto) : undefined;
    if (!prefixed) {
      return this.checked(dto, value as object, metadata);
    }
    const { declared, members } = splitPrefixedMembers(value as Record<string, unknown>, prefixed.prefix);
    const query = (await this.checked(dto, declared, metadata)) as Record<string, unknown>;
    if (members) {
      query[prefixed.property] = members;
    }
    return query;
  }

  /** Unknown members refused, then the DTO's checks (the fast path when it is sure), in the contract's words. */
  private async checked(dto: new () => object, value: object, metadata: ArgumentMetadata): Promise<unknown> {
    const unknown = unknownFieldOf(dto, value);
    if (unknown !== undefined) {
      throw new ApiException(HttpStatus.BAD_REQUEST, `Unknown field: ${unknown}`);
    }
    const valid = this.options.fastPath === false ? undefined : fastPathFor(dto)?.(value as Record<string, unknown>);
    if (valid) {
      return valid;
    }
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof ValidationFailure) {
        throw new ApiException(HttpStatus.BAD_REQUEST, contractMessageFor(dto, error.errors));
      }
      throw error;
    }
  }
}

/**
 * A query's parameters less those sent empty (`?limit=`, `?limit`): an empty parameter is an absent one,
 * as an empty optional field is (see Optional). Left in, `''` skipped every check as "absent" and then
 * reached the service as a value: `limit=''` became a query without a LIMIT (every audit event) or a
 * 500 (issue 53).
 */
function withoutEmptyParameters(query: Record<string, unknown>): Record<string, unknown> {
  const present: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== '') {
      present[name] = value;
    }
  }
  return present;
}

/** Carries class-validator's findings from the base pipe to the contract mapping above. */
class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}
