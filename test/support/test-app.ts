import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { CLI_ACTOR } from '../../src/audit/actor';
import { ApiKeyService, RateLimitSettings } from '../../src/api-keys/api-key.service';
import { AppModule } from '../../src/app.module';
import { configureHttpApp, createHttpAdapter } from '../../src/http-app';
import { Clock } from '../../src/clock/clock';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { TestClock } from './test-clock';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** The app's time: `clock.advance(ms)` moves it. */
  clock: TestClock;
  http: () => TestAgent;
  createKey: (limits?: RateLimitSettings & { name?: string }) => Promise<{ id: string; key: string }>;
  close: () => Promise<void>;
}

/** A Redis prefix of this run's, unique to the caller, so counters and queues never collide. */
export function uniquePrefix(): string {
  return `${process.env.REDIS_PREFIX}:${randomBytes(4).toString('hex')}`;
}

/**
 * The real AppModule on Fastify, configured exactly as main.ts does, against the run's MariaDB and
 * Redis. ROLE defaults to `api` (no worker) unless a test asks for the worker.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ ROLE: 'api', REDIS_PREFIX: uniquePrefix(), HEALTH_PORT: '0', ...overrides });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(config), {
    bodyParser: false,
    logger: false,
  });
  await configureHttpApp(app, config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    config,
    clock,
    http: () => request(app.getHttpServer()),
    createKey: async (limits = {}) => {
      const { apiKey, key } = await app.get(ApiKeyService).create(limits.name ?? 'test client', limits, CLI_ACTOR);
      return { id: apiKey.id, key };
    },
    close: () => app.close(),
  };
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
}

/** Goes through /auth.php as a client would. */
export async function issueTokens(testApp: TestApp, key: string): Promise<TokenSet> {
  const response = await testApp.http().post('/auth.php').set('X-API-KEY', key).expect(200);
  return response.body as TokenSet;
}
