import { ApiOkResponse, ApiProperty, ApiResponse, DECORATORS, getSchemaPath } from '@nestjs/swagger';
import type { ExamplesObject, HeadersObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

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
  405: 'Method not allowed; carries Allow (`POST`, or `GET, POST` on /contact_api.php)',
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
  405: { Allow: { description: '`POST` (`GET, POST` on /contact_api.php)', schema: { type: 'string' } } },
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

type ErrorContent = { content?: { 'application/json'?: { examples?: ExamplesObject } } };

/**
 * Documents error statuses with the contract's envelope, their headers and the exact messages each can
 * carry. A status documented twice on one route (by `@StaffAuth` and by the route itself, say) lists
 * the messages of both: Swagger's own merge would keep only the last content.
 */
export function ApiErrors(errors: Record<number, string[]>): MethodDecorator {
  return (target, key, descriptor) => {
    const documented = (Reflect.getMetadata(DECORATORS.API_RESPONSE, descriptor.value as object) ?? {}) as Record<
      string,
      ErrorContent
    >;
    for (const [status, messages] of Object.entries(errors)) {
      const earlier = documented[status]?.content?.['application/json']?.examples ?? {};
      ApiResponse({
        status: Number(status),
        // Swagger joins two descriptions of one status: the first one stands.
        description: documented[status] ? '' : (STATUS_DESCRIPTIONS[Number(status)] ?? 'Error'),
        headers: STATUS_HEADERS[Number(status)],
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(ErrorResultDto) },
            examples: {
              ...earlier,
              ...Object.fromEntries(messages.map((message) => [message, { value: { status: 'error', message } }])),
            },
          },
        },
      })(target, key, descriptor);
    }
    return descriptor;
  };
}

/** Errors every endpoint can answer, whatever it does. */
export const COMMON_ERRORS: Record<number, string[]> = {
  405: ['Method not allowed'],
  413: ['Request body too large'],
  415: ['Unsupported Content-Type: expected application/json'],
  429: ['Too many requests'],
};
