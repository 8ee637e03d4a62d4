import { createParamDecorator, ExecutionContext, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../http/api-exception';

/** 1 to 255 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** The request's `Idempotency-Key` header, checked; undefined when the client sent none. */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'];
  if (value === undefined) {
    return undefined;
  }
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid header: Idempotency-Key');
  }
  return value;
});
