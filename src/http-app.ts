import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet, { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { Logger as PinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { answerClientError } from './http/client-errors';
import { drainConnectionsOnClose } from './http/drain-on-close';
import { answerConditionalGets } from './http/conditional-get';
import { serveStaffConsole } from './http/staff-console';
import { staffCookieName } from './staff-accounts/staff-cookie';
import { guardStaffWrites } from './staff-accounts/staff-writes';
import fastifyCookie from '@fastify/cookie';
import { parseFormBodies, parseJsonBodies, parseRawMessages, parseUploadStreams } from './http/json-body';
import { INBOUND_EMAIL_PATH, RATING_PATH, STAFF_UPLOADS_PATH } from './http/contract-paths';
import { AppConfig } from './config/app-config';
import { ensureDatabase } from './database/ensure-database';
import { logRequests, QuietFrameworkLogger, requestIdOf } from './logging/logging.module';
import { MetricsService } from './metrics/metrics.service';
import { setupOpenApi } from './http/openapi/openapi';

export function createHttpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: config.http.bodyLimit,
    trustProxy: config.http.trustProxy,
    return503OnClosing: true,
    genReqId: requestIdOf,
    clientErrorHandler: answerClientError,
  });
}

/**
 * The HTTP edge below Nest: the contract's body format (parseJsonBodies), request ids, the request log
 * line, metrics, security headers, CORS and the docs. Used by main.ts and by the tests, so both see
 * the same app. It sits beside main.ts, not in http/, because it assembles http/'s hooks with the
 * rooms' (the staff write rule, the staff cookie's name) and the AppModule: infrastructure imports no room.
 */
export async function configureHttpApp(
  app: NestFastifyApplication,
  config: AppConfig,
  { docs = true, staffConsole = true }: { docs?: boolean; staffConsole?: boolean } = {},
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  parseJsonBodies(fastify, config.http.bodyLimit);
  parseRawMessages(fastify, `${config.http.basePath}/${INBOUND_EMAIL_PATH}`, config.mail.inboundMaxBytes);
  parseUploadStreams(fastify, `${config.http.basePath}/${STAFF_UPLOADS_PATH}`);
  parseFormBodies(fastify, `${config.http.basePath}/${RATING_PATH}`);
  drainConnectionsOnClose(fastify);
  guardStaffWrites(fastify, config);
  answerConditionalGets(fastify, config);
  await app.register(fastifyCookie);
  // A JSON API: helmet's defaults, less the page-oriented CSP that would break the docs and dashboard UIs.
  const securityHeaders = await helmetHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(securityHeaders).header('X-Request-Id', request.id);
    done();
  });
  logRequests(fastify);
  const metrics = app.get(MetricsService);
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.recordRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (config.http.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.http.corsOrigins,
      methods: ['POST'],
      allowedHeaders: ['Content-Type', 'Authorization', 'X-API-KEY', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders: [
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
        'X-Request-Id',
      ],
      maxAge: 600,
    });
  }
  if (config.http.basePath) {
    app.setGlobalPrefix(config.http.basePath);
  }
  if (docs && config.http.docs) {
    setupOpenApi(app, config, staffCookieName(config));
  }
  if (staffConsole) {
    await serveStaffConsole(app, config);
  }
}

/**
 * The headers helmet sets with these options, read once from helmet itself on a throwaway server:
 * with these options they are the same for every response, and setting them as one object per request
 * costs a fraction of running helmet's dozen middlewares each time.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send('probe'));
  const response = await probe.inject('/');
  await probe.close();
  const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !ownHeaders.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** Builds the application for the configured role, after making sure the database exists. */
export async function createApplication(
  config: AppConfig,
  options: { docs?: boolean; staffConsole?: boolean } = {},
): Promise<NestFastifyApplication> {
  await ensureDatabase(config.db.url, config.db.connectTimeoutMs);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), createHttpAdapter(config), {
    bodyParser: false,
    bufferLogs: true,
    // A start-up failure is thrown to main.ts, which says it in one line: no buffered module list and
    // no stack trace from Nest's own handler in front of it.
    abortOnError: false,
    autoFlushLogs: false,
  });
  app.useLogger(new QuietFrameworkLogger(app.get(PinoLogger)));
  // autoFlushLogs is off (see above), so the start-up lines buffered so far are let out here.
  app.flushLogs();
  await configureHttpApp(app, config, options);
  return app;
}
