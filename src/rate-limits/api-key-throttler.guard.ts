import { ExecutionContext, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerModuleOptions,
  ThrottlerStorage,
} from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler/dist/throttler.guard.interface';
import { ApiException } from '../http/api-exception';
import type { FastifyRequest } from 'fastify';
import { MetricsService } from '../metrics/metrics.service';

/**
 * What the throttler reads of a request: what the guard that identified its API key left there (auth/'s
 * IdentifiedRequest is one). Named here so that rate-limits/ imports nothing of auth/, which bundles this
 * guard into its decorators (issue 54, point 5).
 */
export interface KeyedRequest extends FastifyRequest {
  /** Set by every guard that identifies the API key, whether or not it found one. */
  identityChecked?: true;
  apiKey?: { id: string; rateLimit: number; rateWindow: number; rateBlock: number | null };
}

/**
 * @nestjs/throttler keyed by API key: one budget per key across all three endpoints and all processes.
 * Runs after the guard that identifies the key (the decorators of auth.decorators.ts bundle the two);
 * requests with no identified key are not counted here (failed authentication is limited per IP by
 * AuthFailureService). On a route where no identity guard ran before it, it fails closed: counting
 * nothing there would silently leave the route unlimited.
 */
@Injectable()
export class ApiKeyThrottlerGuard extends ThrottlerGuard {
  private readonly routeLog = new Logger(ApiKeyThrottlerGuard.name);

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly metrics: MetricsService,
  ) {
    super(options, storage, reflector);
  }

  /**
   * The library's own request handling (storage, headers, refusal) for the one per-key throttler, with
   * the limits read from the key. @nestjs/throttler's canActivate first looks up six kinds of
   * route-level metadata (@Throttle, @SkipThrottle and the like) and awaits each setting; the contract
   * routes use none of them, since a key's budget is the key's own, and those lookups were 2 % of
   * /auth.php's CPU.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip(context)) {
      return true;
    }
    return this.handleRequest({
      context,
      throttler: this.throttlers[0],
      limit: perKeyThrottler.limit(context),
      ttl: perKeyThrottler.ttl(context),
      blockDuration: perKeyThrottler.blockDuration(context),
      getTracker: this.commonOptions.getTracker!,
      generateKey: this.commonOptions.generateKey!,
    });
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<KeyedRequest>();
    if (!request.identityChecked) {
      this.routeLog.error(
        `${request.method} ${request.routeOptions?.url ?? request.url}: the per-key throttler ran without an identity guard before it; refusing the request`,
      );
      throw new ApiException(HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
    }
    return Promise.resolve(!request.apiKey);
  }

  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    return Promise.resolve((request as unknown as KeyedRequest).apiKey!.id);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string): string {
    return `key:${tracker}`;
  }

  protected override throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    this.metrics.rateLimitedKey(detail.tracker);
    throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', {
      'Retry-After': String(detail.timeToBlockExpire),
      'X-RateLimit-Limit': String(detail.limit),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(detail.timeToBlockExpire),
    });
  }
}

/** The rate-limit settings of the identified key, in the throttler's units (milliseconds). */
export const perKeyThrottler = {
  name: 'default',
  limit: (context: ExecutionContext): number => keyOf(context)?.rateLimit ?? 1,
  ttl: (context: ExecutionContext): number => (keyOf(context)?.rateWindow ?? 1) * 1000,
  blockDuration: (context: ExecutionContext): number => {
    const apiKey = keyOf(context);
    return (apiKey?.rateBlock ?? apiKey?.rateWindow ?? 1) * 1000;
  },
};

function keyOf(context: ExecutionContext): KeyedRequest['apiKey'] {
  return context.switchToHttp().getRequest<KeyedRequest>().apiKey;
}
