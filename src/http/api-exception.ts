import { HttpException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

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

/** The contract's error answer: status, headers and `{"status":"error","message"}`. */
export function sendError(reply: FastifyReply, status: number, message: string, headers?: Record<string, string>): void;
export function sendError(reply: FastifyReply, error: ApiException): void;
export function sendError(
  reply: FastifyReply,
  statusOrError: number | ApiException,
  message?: string,
  headers: Record<string, string> = {},
): void {
  const [status, text, extra] =
    statusOrError instanceof ApiException
      ? [statusOrError.getStatus(), statusOrError.message, statusOrError.headers]
      : [statusOrError, message ?? 'Error', headers];
  for (const [name, value] of Object.entries(extra)) {
    void reply.header(name, value);
  }
  void reply.status(status).type('application/json; charset=utf-8').send({ status: 'error', message: text });
}
