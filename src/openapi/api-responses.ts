import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';

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

/** Documents error statuses with the contract's envelope and the exact messages each can carry. */
export function ApiErrors(errors: Record<number, string[]>): MethodDecorator {
  return applyDecorators(
    ...Object.entries(errors).map(([status, messages]) =>
      ApiResponse({
        status: Number(status),
        description: STATUS_DESCRIPTIONS[Number(status)] ?? 'Error',
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
