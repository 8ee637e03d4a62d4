import { HttpStatus } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from '@fastify/helmet';
import { Logger as PinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ApiException } from './common/api-exception';
import { AppConfig } from './config/app-config';
import { ensureDatabase } from './database/ensure-database';
import { logRequests, requestIdOf } from './logging/logging.module';
import { MetricsService } from './metrics/metrics.service';
import { setupOpenApi } from './openapi/openapi';

export function createHttpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: config.http.bodyLimit,
    trustProxy: config.http.trustProxy,
    return503OnClosing: true,
    genReqId: requestIdOf,
  });
}

/**
 * The HTTP wire format of the contract that lives below Nest: only application/json bodies are parsed
 * (anything else is 415), an empty body is "no body", and unparseable JSON or a JSON value that is not
 * an object is 400 `Invalid JSON body`. Used by main.ts and by the tests, so both see the same app.
 */
export async function configureHttpApp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: config.http.bodyLimit },
    (request, body, done) => {
      if (body === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, body as string, (error, value: unknown) => {
        if (error || value === null || typeof value !== 'object' || Array.isArray(value)) {
          done(new ApiException(HttpStatus.BAD_REQUEST, 'Invalid JSON body'), undefined);
        } else {
          done(null, value);
        }
      });
    },
  );
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
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
  // A JSON API: helmet's defaults, less the page-oriented CSP that would break the docs and dashboard UIs.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
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
  setupOpenApi(app, config);
}

/** Builds the application for the configured role, after making sure the database exists. */
export async function createApplication(config: AppConfig): Promise<NestFastifyApplication> {
  await ensureDatabase(config.db.url, config.db.connectTimeoutMs);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), createHttpAdapter(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoLogger));
  await configureHttpApp(app, config);
  return app;
}
