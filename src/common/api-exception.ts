import { HttpException } from '@nestjs/common';

/**
 * An HTTP error with the contract's final message and any headers the answer must carry
 * (WWW-Authenticate, Retry-After). The exception filter renders it as `{"status":"error","message"}`.
 */
export class ApiException extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message, status);
  }
}
