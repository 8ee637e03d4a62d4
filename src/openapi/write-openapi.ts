import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { writeFileSync } from 'node:fs';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { buildOpenApiDocument } from './openapi';

/**
 * `npm run openapi`: writes openapi.json so interface changes show in diffs. Preview mode builds the
 * module graph without connecting to anything, so no database or Redis is needed.
 */
async function main(): Promise<void> {
  const config = new AppConfig(validateEnvironment({ ROLE: 'api', JWT_SECRET: 'x'.repeat(32) }));
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  const document = buildOpenApiDocument(app, config);
  writeFileSync('openapi.json', `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`openapi.json written (${Object.keys(document.paths).length} paths)\n`);
}

void main();
