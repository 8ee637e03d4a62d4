import { ArgumentMetadata, HttpStatus, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ApiException } from '../api-exception';
import { requiredFieldsOf } from './contract-fields';

/**
 * The contract's validation order, given every failure class-validator found for a body:
 *  1. an unknown field (the first in the body's order): `Unknown field: <name>`;
 *  2. a required field absent, null or empty: `Missing field: <name>`;
 *  3. a field of the wrong type or out of bounds, in the DTO's declaration order: `Invalid field: <name>`.
 */
export function contractMessageFor(dto: new () => object, errors: ValidationError[], bodyKeys: string[]): string {
  const unknown = errors
    .filter((error) => error.constraints?.whitelistValidation)
    .map((error) => error.property)
    .sort((a, b) => bodyKeys.indexOf(a) - bodyKeys.indexOf(b));
  if (unknown.length > 0) {
    return `Unknown field: ${unknown[0]}`;
  }
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

/** Field names in declaration order, from the order their validators were registered. */
function declaredFieldsOf(dto: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/**
 * The global pipe: class-transformer/class-validator DTOs, unknown fields refused, the first failure in
 * the contract's order answered 400. A body that is not a JSON object is `Invalid JSON body`.
 */
@Injectable()
export class ContractValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: true },
      exceptionFactory: (errors: ValidationError[]) => new ValidationFailure(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' || !metadata.metatype || !this.toValidate(metadata)) {
      return value;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid JSON body');
    }
    const dto = metadata.metatype as new () => object;
    const bodyKeys = Object.keys(value);
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof ValidationFailure) {
        throw new ApiException(HttpStatus.BAD_REQUEST, contractMessageFor(dto, error.errors, bodyKeys));
      }
      throw error;
    }
  }
}

/** Carries class-validator's findings from the base pipe to the contract mapping above. */
class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}
