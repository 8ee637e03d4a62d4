import { Logger } from '@nestjs/common';
import request from 'supertest';
import { freePort, startRedis, startService, StartedProcess } from './support/processes';
import { createKeysAndAccounts } from './support/room-context';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitUntil } from './support/wait';

describe('rate limits across API processes', () => {
  const processes: StartedProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  it('gives a key with limit 10 exactly 10 successes in total across two processes', async () => {
    const env = { ROLE: 'api', REDIS_PREFIX: uniquePrefix(), OUTBOX_RELAY_ENABLED: 'false' };
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      processes.push(await startService({ ...env, PORT: String(port), HOST: '127.0.0.1' }));
    }
    const keyMaker = await createKeysAndAccounts(env);
    const { key } = await keyMaker.createKey({ rateLimit: 10, rateWindow: 60 });
    await keyMaker.close();

    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await request(`http://127.0.0.1:${ports[i % 2]}`)
        .post('/auth.php')
        .set('X-API-KEY', key);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
  });
});

describe('a Redis outage', () => {
  let redis: StartedProcess;
  let t: TestApp;
  let redisPort: number;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${redisPort}`, OUTBOX_RELAY_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('fails open with one logged error, and limits resume when Redis returns', async () => {
    const { key } = await t.createKey({ rateLimit: 2, rateWindow: 60 });
    const auth = () => t.http().post('/auth.php').set('X-API-KEY', key);
    await auth().expect(200);
    await auth().expect(200);
    await auth().expect(429);

    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await redis.stop();
    for (let i = 0; i < 10; i++) {
      await auth().expect(200);
    }
    const reports = errors.mock.calls.filter(([message]) => String(message).includes('failing open'));
    expect(reports).toHaveLength(1);
    errors.mockRestore();

    redis = await startRedis(redisPort);
    // The limiter's client reconnects on its own schedule: polled until the limit counts again.
    await waitUntil(
      async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          statuses.push((await auth()).status);
        }
        return statuses.includes(429);
      },
      'the limit counted again',
      10_000,
    );
    await issueTokens(t, (await t.createKey()).key);
  });
});
