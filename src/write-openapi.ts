import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { writeFileSync } from 'node:fs';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { validateEnvironment } from './config/environment';
import { buildOpenApiDocument } from './http/openapi/openapi';
import { staffCookieName } from './staff-accounts/staff-cookie';

/**
 * `npm run openapi`: writes openapi.json so interface changes show in diffs. Preview mode builds the
 * module graph without connecting to anything, so no database or Redis is needed.
 */
/** The OpenAPI document as `npm run openapi` writes it (ROLE=api, no BASE_PATH). */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  const config = new AppConfig(validateEnvironment({ ROLE: 'api', JWT_SECRET: 'x'.repeat(32) }));
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  try {
    return buildOpenApiDocument(app, config, staffCookieName(config));
  } finally {
    await app.close();
  }
}

export function serialize(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<void> {
  const document = await generateOpenApiDocument();
  writeFileSync('openapi.json', serialize(document));
  process.stdout.write(`openapi.json written (${Object.keys(document.paths).length} paths)\n`);
}

if (require.main === module) {
  void main();
}
