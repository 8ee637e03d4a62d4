import { isCommitConflict } from '../database/commit-conflict';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, Optional } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { ApiException, sendError } from './api-exception';
import { isRedisUnavailable } from '../redis/redis-connection';
import { CONTACT_PATH, CONTRACT_PATHS } from './contract-paths';
import { NotFoundChallenge } from './not-found-challenge';

/**
 * The contract's message for each status, used for errors raised below our code (Fastify's body
 * parser and router arrive as plain HttpExceptions) and for statuses whose text the contract fixes.
 */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Request body too large',
  415: 'Unsupported Content-Type: expected application/json',
  429: 'Too many requests',
  503: 'Service unavailable',
};

const FIXED_MESSAGE_STATUSES = new Set([404, 405, 413, 415, 429]);

/** Error codes of mysql2 and Node sockets that mean "the database is not reachable right now". */
const DATABASE_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  // A Galera node that is not (yet, or no longer) part of the primary component: "WSREP has not yet
  // prepared node for application use" (1047). Another node, or this one in a moment, will take it.
  'ER_UNKNOWN_COM_ERROR',
  'POOL_CLOSED',
  'POOL_ENQUEUELIMIT',
]);

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
  fatal?: unknown;
  driverError?: ErrorLike;
  message?: unknown;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const candidate = error as ErrorLike | undefined;
  if (!candidate || typeof candidate !== 'object') {
    return false;
  }
  const inner = candidate.driverError ?? candidate;
  if (typeof inner.code === 'string' && DATABASE_UNAVAILABLE.has(inner.code)) {
    return true;
  }
  if (inner.fatal === true) {
    return true;
  }
  // mysql2 raises "Queue limit reached." without a code when every pool connection is busy and the
  // wait queue is full: a burst to shed with 503 and Retry-After, not a fault.
  return (
    typeof inner.message === 'string' &&
    /connect ETIMEDOUT|Connection lost|Pool is closed|Queue limit reached/i.test(inner.message)
  );
}

/**
 * The database or Redis is away, or a commit lost a race and outlasted its retries: nothing was
 * changed and the same work can run again later. Whoever sent it is not to blame.
 */
export function isOutage(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isCommitConflict(error) || isRedisUnavailable(error);
}

/**
 * Turns every error, from any layer, into the contract's body `{"status":"error","message":"..."}`.
 * Unexpected errors are logged with their stack and answered 500 without internals.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger(ErrorEnvelopeFilter.name);

  constructor(
    private readonly config: AppConfig,
    /** Present when the queue dashboard is mounted: unknown paths under it ask for credentials first. */
    @Optional() private readonly notFoundChallenge?: NotFoundChallenge,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const [status, message, headers] = this.describe(exception, request);
    if (status >= 500) {
      // The route the router matched, never the URL: a query string can carry personal data (q=...).
      const route = `${request.method} ${request.routeOptions?.url ?? '(no route)'}`;
      if (status === 503) {
        this.logger.warn(`${route}: a server it needs is unavailable (${describeCause(exception)})`);
      } else {
        this.logger.error(
          `${route}: ${describeCause(exception)}`,
          exception instanceof Error ? exception.stack : undefined,
        );
      }
    }
    sendError(reply, status, message, headers);
  }

  private describe(exception: unknown, request: FastifyRequest): [number, string, Record<string, string>] {
    if (exception instanceof ApiException) {
      return [exception.getStatus(), exception.message, exception.headers];
    }
    if (exception instanceof ThrottlerException) {
      return [HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', {}];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === Number(HttpStatus.NOT_FOUND) && this.isContractPath(request)) {
        return [HttpStatus.METHOD_NOT_ALLOWED, 'Method not allowed', { Allow: allowedMethodsOf(request) }];
      }
      if (status === Number(HttpStatus.NOT_FOUND) && this.notFoundChallenge?.shouldChallenge(request)) {
        const challenge = this.notFoundChallenge.challenge();
        return [challenge.getStatus(), challenge.message, challenge.headers];
      }
      if (FIXED_MESSAGE_STATUSES.has(status)) {
        return [status, STATUS_MESSAGES[status], {}];
      }
      return [status, messageOf(exception.getResponse()) ?? STATUS_MESSAGES[status] ?? 'Error', {}];
    }
    const candidate = exception as ErrorLike;
    // A commit conflict that outlasted its retries (see retryOnConflict) changed nothing either: retry later.
    if (isOutage(exception)) {
      return [HttpStatus.SERVICE_UNAVAILABLE, 'Service unavailable', { 'Retry-After': '5' }];
    }
    if (typeof candidate?.statusCode === 'number' && candidate.statusCode >= 400 && candidate.statusCode < 500) {
      return [candidate.statusCode, STATUS_MESSAGES[candidate.statusCode] ?? 'Bad request', {}];
    }
    return [HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error', {}];
  }

  private isContractPath(request: FastifyRequest): boolean {
    const path = request.url.split('?')[0];
    const base = this.config.http.basePath;
    return path.startsWith(base) && CONTRACT_PATHS.includes(path.slice(base.length));
  }
}

function messageOf(response: string | object): string | undefined {
  if (typeof response === 'string') {
    return response;
  }
  const { message } = response as { message?: unknown };
  return typeof message === 'string' ? message : undefined;
}

function describeCause(exception: unknown): string {
  if (exception instanceof Error) {
    const code = (exception as ErrorLike).code;
    return `${exception.name}${typeof code === 'string' ? ` ${code}` : ''}: ${exception.message}`;
  }
  return String(exception);
}

/** The methods a contract path answers: GET too on the intake (part five: the key's fields and schema). */
function allowedMethodsOf(request: FastifyRequest): string {
  return request.url.split('?')[0].endsWith(`/${CONTACT_PATH}`) ? 'GET, POST' : 'POST';
}
