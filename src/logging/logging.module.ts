import { LoggerService, Module } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LoggerModule, Params, PinoLogger } from 'nestjs-pino';
import type { Options } from 'pino-http';
import { AppConfig } from '../config/app-config';
import { batchedStdout } from './batched-output';

const PINO_LEVELS: Record<string, string> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};
const REQUEST_ID = /^[\x21-\x7E]{1,128}$/;

/** The request id: the caller's X-Request-Id when it is sane, else a new UUID (Fastify's genReqId). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

function hasPrettyPrinter(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Structured JSON logs (pino), pretty in development when pino-pretty is installed. nestjs-pino owns
 * the logger (application logs go through it); the one line per request is written by a Fastify
 * onResponse hook (logRequests) rather than pino-http's middleware, which profiling showed to cost a
 * tenth of a request: method, path, status, duration, request id (see requestIdOf) and API key id.
 * Only those fields are logged, so headers (Authorization, X-API-KEY) and bodies (refresh tokens,
 * submissions) never are.
 */
function loggingOptions(config: AppConfig): Options {
  return {
    level: PINO_LEVELS[config.logLevel] ?? 'info',
    transport:
      config.env === 'development' && hasPrettyPrinter()
        ? { target: 'pino-pretty', options: { singleLine: true, colorize: true } }
        : undefined,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.body', 'refresh_token', 'access_token'],
      censor: '[redacted]',
    },
  };
}

/**
 * Lines go to stdout in batches (BatchedOutput): at most LOG_FLUSH_MS late, in one asynchronous write
 * per window, so the event loop neither waits on a write (a synchronous write per line cost ~5 % of
 * /auth.php) nor pays one per request (an asynchronous write per line, 6 % of a submission at
 * concurrency 1). What is pending is written when the process exits.
 */
function loggingParams(config: AppConfig): Params['pinoHttp'] {
  const options = loggingOptions(config);
  return options.transport ? options : [options, batchedStdout()];
}

/**
 * What the request log reads of a request: the API key a guard identified (auth's IdentifiedRequest
 * has this shape). Declared here so that logging, which every room uses, imports none of them.
 */
interface KeyedRequest {
  apiKey?: { id: string };
}

/** Writes one line per answered request through nestjs-pino's root logger. */
export function logRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    const path = request.url.split('?')[0];
    const keyId = (request as KeyedRequest).apiKey?.id;
    PinoLogger.root[level](
      {
        // Not `req`/`res`: pino-http's serializers on the root logger expect Node's request objects there.
        request: { id: request.id, method: request.method, path },
        response: { status },
        responseTime: Math.round(reply.elapsedTime),
        ...(keyId ? { key_id: keyId } : {}),
      },
      `${request.method} ${path} ${status}`,
    );
    done();
  });
}

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      // No routes: the request line comes from logRequests, not from pino-http's middleware.
      useFactory: (config: AppConfig) => ({ pinoHttp: loggingParams(config), forRoutes: [] }),
    }),
  ],
})
export class LoggingModule {}

/** Nest's own start-up chatter (the module list, the route table): debug level, not the operator's screen. */
const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/**
 * The application logger: nestjs-pino's, with Nest's framework start-up lines demoted to debug, so a
 * start at the default level prints what an operator needs and nothing else (LOG_LEVEL=debug shows
 * the module list and the route table again).
 */
export class QuietFrameworkLogger implements LoggerService {
  constructor(private readonly logger: LoggerService) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) {
      this.logger.debug?.(message, ...params);
      return;
    }
    this.logger.log(message, ...params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.logger.error(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.logger.warn(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.logger.debug?.(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.logger.verbose?.(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.logger.fatal?.(message, ...params);
  }
}
