import { HttpStatus, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { protectAdminRoutes } from './admin/admin-basic-auth';
import { AppModule } from './app.module';
import { ApiException } from './common/api-exception';
import { AppConfig } from './config/app-config';
import { ensureDatabase } from './database/ensure-database';

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

export function logLevelsFrom(level: string): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level as LogLevel) + 1);
}

export function createHttpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: config.http.bodyLimit,
    trustProxy: config.http.trustProxy,
    return503OnClosing: true,
  });
}

/**
 * The HTTP wire format of the contract that lives below Nest: only application/json bodies are parsed
 * (anything else is 415), an empty body is "no body", and unparseable JSON or a JSON value that is not
 * an object is 400 `Invalid JSON body`. Used by main.ts and by the tests, so both see the same app.
 */
export function configureHttpApp(app: NestFastifyApplication, config: AppConfig): void {
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
  protectAdminRoutes(fastify, config);
  if (config.http.basePath) {
    app.setGlobalPrefix(config.http.basePath);
  }
}

/** Builds the application for the configured role, after making sure the database exists. */
export async function createApplication(config: AppConfig): Promise<NestFastifyApplication> {
  await ensureDatabase(config.db.url, config.db.connectTimeoutMs);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), createHttpAdapter(config), {
    bodyParser: false,
    logger: logLevelsFrom(config.logLevel),
  });
  configureHttpApp(app, config);
  return app;
}
