import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { Options } from 'pino-http';
import { AppConfig } from '../config/app-config';

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

/** What guards record on the raw request for the access log (see identifyRequest). */
export type LoggedRequest = IncomingMessage & { apiKeyId?: string };

function hasPrettyPrinter(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Structured JSON logs (pino), pretty in development when pino-pretty is installed. One line per
 * request: method, path, status, duration, request id (see requestIdOf) and API key id.
 * Requests are serialized field by field, so headers (Authorization, X-API-KEY) and bodies (refresh
 * tokens, submissions) are never logged; the redact list is a second line of defence.
 */
export function loggingOptions(config: AppConfig): Options {
  return {
    level: PINO_LEVELS[config.logLevel] ?? 'info',
    transport:
      config.env === 'development' && hasPrettyPrinter()
        ? { target: 'pino-pretty', options: { singleLine: true, colorize: true } }
        : undefined,
    serializers: {
      req: (request: LoggedRequest) => ({ id: request.id, method: request.method, path: request.url?.split('?')[0] }),
      res: (response: ServerResponse) => ({ status: response.statusCode }),
    },
    customProps: (request: IncomingMessage) => {
      const keyId = (request as LoggedRequest).apiKeyId;
      return keyId ? { key_id: keyId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.body', 'refresh_token', 'access_token'],
      censor: '[redacted]',
    },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (request, response) =>
      `${request.method} ${request.url?.split('?')[0]} ${response.statusCode}`,
    customErrorMessage: (request, response) => `${request.method} ${request.url?.split('?')[0]} ${response.statusCode}`,
  };
}

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ pinoHttp: loggingOptions(config) }),
    }),
  ],
})
export class LoggingModule {}
