import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorage } from '@nestjs/throttler';
import { ApiException } from '../http/api-exception';
import { MetricsService } from '../metrics/metrics.service';
import { ApiKeyThrottlerGuard, KeyedRequest, perKeyThrottler } from './api-key-throttler.guard';

function contextFor(request: Partial<KeyedRequest>): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({ header: () => undefined }) }),
    getHandler: () => contextFor,
    getClass: () => ApiKeyThrottlerGuard,
  } as unknown as ExecutionContext;
}

describe('ApiKeyThrottlerGuard', () => {
  const counted: string[] = [];
  const storage: ThrottlerStorage = {
    increment: (key: string) => {
      counted.push(key);
      return Promise.resolve({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
    },
  };
  const guard = new ApiKeyThrottlerGuard(
    { throttlers: [perKeyThrottler] },
    storage,
    new Reflector(),
    new MetricsService(),
  );
  const errors: string[] = [];
  (guard as unknown as { routeLog: { error: (line: string) => void } }).routeLog = {
    error: (line) => errors.push(line),
  };
  beforeAll(() => guard.onModuleInit());
  beforeEach(() => {
    counted.length = 0;
    errors.length = 0;
  });

  it('fails closed, naming the route, when no identity guard ran before it', async () => {
    const request = {
      method: 'POST',
      url: '/new-route',
      routeOptions: { url: '/new-route' },
    } as Partial<KeyedRequest>;
    const refused = guard.canActivate(contextFor(request));
    await expect(refused).rejects.toBeInstanceOf(ApiException);
    await expect(refused).rejects.toMatchObject({ status: 500 });
    expect(errors).toEqual([expect.stringContaining('POST /new-route')]);
    expect(counted).toEqual([]);
  });

  it('counts against the key an identity guard found', async () => {
    const apiKey = { id: 'key-1', rateLimit: 5, rateWindow: 60, rateBlock: null } as KeyedRequest['apiKey'];
    await expect(guard.canActivate(contextFor({ identityChecked: true, apiKey }))).resolves.toBe(true);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toContain('key-1');
  });

  it('lets a request through uncounted when the identity guard ran but found no key', async () => {
    await expect(guard.canActivate(contextFor({ identityChecked: true }))).resolves.toBe(true);
    expect(counted).toEqual([]);
    expect(errors).toEqual([]);
  });
});
