import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../src/app.module';
import { CliModule } from '../../src/cli.module';
import { loadConfig } from '../../src/config/app-config';
import { createHttpAdapter } from '../../src/http-app';
import { uniquePrefix } from './test-app';

export type Role = 'api' | 'worker' | 'cli';

/**
 * Builds a role as its entry point does (main.ts, worker.ts, cli.ts; no port opened), runs its start-up
 * checks (init), answers what `read` takes from it, and closes it.
 */
export async function inRole<T>(role: Role, read: (context: INestApplicationContext) => T): Promise<T> {
  const config = loadConfig({ ROLE: role === 'cli' ? 'api' : role, REDIS_PREFIX: uniquePrefix(), HEALTH_PORT: '0' });
  const context: INestApplicationContext =
    role === 'cli'
      ? await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: false })
      : await NestFactory.create(AppModule.forRoot(config), createHttpAdapter(config), {
          logger: false,
          bodyParser: false,
        });
  try {
    await context.init();
    return read(context);
  } finally {
    await context.close();
  }
}
