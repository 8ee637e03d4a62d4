import { DynamicModule, ForwardReference, INestApplicationContext, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { CLI_ACTOR } from '../../src/audit/actor';
import { ApiKeyModule } from '../../src/api-keys/api-key.module';
import { ApiKeyService, RateLimitSettings } from '../../src/api-keys/api-key.service';
import { Clock } from '../../src/clock/clock';
import { ClockModule } from '../../src/clock/clock.module';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { ConfigModule } from '../../src/config/config.module';
import { DatabaseModule } from '../../src/database/database.module';
import { FactHandlersModule } from '../../src/fact-handlers.module';
import { MetricsModule } from '../../src/metrics/metrics.module';
import { QueueMetricsModule, QueueModule } from '../../src/queue/queue.module';
import { RedisModule } from '../../src/redis/redis.module';
import { StaffAccountsModule } from '../../src/staff-accounts/staff-accounts.module';
import { WorkerModule } from '../../src/worker.module';
import { TestClock } from './test-clock';
import { uniquePrefix } from './test-app';

type RoomModule = Type | DynamicModule | Promise<DynamicModule> | ForwardReference;

/** What the helpers that make keys and accounts need: a Nest context to take services from. */
export interface ServiceHost {
  app: Pick<INestApplicationContext, 'get'>;
}

export interface RoomContext extends ServiceHost {
  /** The rooms' services and repositories: `app.get(SlaTracker)`. */
  app: INestApplicationContext;
  config: AppConfig;
  /** The rooms' time: `clock.advance(ms)` moves it. */
  clock: TestClock;
  createKey: (limits?: RateLimitSettings & { name?: string }) => Promise<{ id: string; key: string }>;
  close: () => Promise<void>;
}

/**
 * The middle tier: the given rooms' modules over the same infrastructure the app has (the run's
 * migrated MariaDB through TypeORM, Redis under a prefix of the caller's, the config, metrics and a
 * TestClock), without the HTTP app, the other rooms or the worker. Building it skips what a
 * `createTestApp` pays beyond the rooms (Fastify, every route and its OpenAPI metadata, the pipes and
 * guards, the whole module graph), so a test of logic that needs no HTTP (a calendar's arithmetic on
 * stored rows, a report's aggregates, a key's limits) starts in a fraction of the time.
 *
 * A room that records submission facts needs `FactHandlersModule` beside it (as every role has): the
 * handlers inside transactions are the declared ones or start-up stops, here as in the app.
 */
export async function createRoomContext(
  rooms: RoomModule[],
  overrides: Record<string, string> = {},
): Promise<RoomContext> {
  const config = loadConfig({ ROLE: 'api', REDIS_PREFIX: uniquePrefix(), HEALTH_PORT: '0', ...overrides });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), ClockModule, DatabaseModule, RedisModule, MetricsModule, ...rooms],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return {
    app: moduleRef,
    config,
    clock,
    createKey: async (limits = {}) => {
      const { apiKey, key } = await moduleRef
        .get(ApiKeyService)
        .create(limits.name ?? 'test client', limits, CLI_ACTOR);
      return { id: apiKey.id, key };
    },
    close: () => moduleRef.close(),
  };
}

/**
 * The keys and staff accounts room, for a test whose service under test is a process of its own
 * (`startService`, `runCli`) and that only needs an API key or an account made beforehand.
 */
export function createKeysAndAccounts(overrides: Record<string, string> = {}): Promise<RoomContext> {
  return createRoomContext([ApiKeyModule, StaffAccountsModule], overrides);
}

/**
 * A worker in the test's process: the worker role's modules (`WorkerModule` over the queue layer, its
 * metrics and the fact handlers, as `AppModule` composes ROLE=worker) without the Fastify app that
 * would serve its probes on HEALTH_PORT. A worker has no API, so a test that only needs one to take
 * jobs, sweep or record (`app.get(SlaSweep)`, `clock.advance`, `queuesSettled`) pays for no HTTP app;
 * a test of a worker's probes or its signals starts worker.js (`startService`).
 */
export function createWorkerContext(overrides: Record<string, string> = {}): Promise<RoomContext> {
  return createRoomContext([QueueModule, QueueMetricsModule, FactHandlersModule, WorkerModule], {
    ROLE: 'worker',
    ...overrides,
  });
}
