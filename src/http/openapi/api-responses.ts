import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** Specification 2.4: the body of every error. */
export class ErrorResultDto {
  @ApiProperty({ enum: ['error'], example: 'error' })
  status!: 'error';

  @ApiProperty({ example: 'Missing field: name' })
  message!: string;
}

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request',
  401: 'Not authenticated',
  405: 'Method not allowed (only POST); carries Allow: POST',
  413: 'Body over BODY_LIMIT',
  415: 'Body is not application/json',
  429: 'Rate limit exceeded; carries Retry-After (seconds)',
  503: 'Database unavailable; retry later',
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const } });

/** Carried by every response to a request whose API key was identified. */
export const RATE_LIMIT_HEADERS: HeadersObject = {
  'X-RateLimit-Limit': integerHeader('Requests allowed per window for this API key'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current window'),
  'X-RateLimit-Reset': integerHeader('Seconds until the window resets'),
};

const RETRY_AFTER: HeadersObject = { 'Retry-After': integerHeader('Seconds to wait before trying again') };

/** Headers each error status carries. */
const STATUS_HEADERS: Record<number, HeadersObject> = {
  401: {
    'WWW-Authenticate': {
      description:
        'The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php',
      schema: { type: 'string' },
    },
  },
  405: { Allow: { description: 'Always `POST`', schema: { type: 'string' } } },
  429: { ...RETRY_AFTER, ...RATE_LIMIT_HEADERS },
  503: RETRY_AFTER,
};

/** A 200 answer of `type`, with the rate-limit headers (and `extra`). */
export function ApiOkWithLimits(
  type: new () => object,
  description: string,
  extra: HeadersObject = {},
): MethodDecorator {
  return ApiOkResponse({ type, description, headers: { ...RATE_LIMIT_HEADERS, ...extra } });
}

/** The no-store caching of answers that carry tokens (RFC 6749 section 5.1). */
export const NO_STORE_HEADERS: HeadersObject = {
  'Cache-Control': { description: 'Always `no-store`', schema: { type: 'string' } },
  Pragma: { description: 'Always `no-cache`', schema: { type: 'string' } },
};

/** Documents error statuses with the contract's envelope, their headers and the exact messages each can carry. */
export function ApiErrors(errors: Record<number, string[]>): MethodDecorator {
  return applyDecorators(
    ...Object.entries(errors).map(([status, messages]) =>
      ApiResponse({
        status: Number(status),
        description: STATUS_DESCRIPTIONS[Number(status)] ?? 'Error',
        headers: STATUS_HEADERS[Number(status)],
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(ErrorResultDto) },
            examples: Object.fromEntries(messages.map((message) => [message, { value: { status: 'error', message } }])),
          },
        },
      }),
    ),
  );
}

/** Errors every endpoint can answer, whatever it does. */
export const COMMON_ERRORS: Record<number, string[]> = {
  405: ['Method not allowed'],
  413: ['Request body too large'],
  415: ['Unsupported Content-Type: expected application/json'],
  429: ['Too many requests'],
};
