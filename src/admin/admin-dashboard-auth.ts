import { Clock } from '../clock/clock';
import { HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { posix } from 'node:path';
import { ApiException, sendError } from '../http/api-exception';
import { AppConfig } from '../config/app-config';
import { NotFoundChallenge } from '../http/not-found-challenge';
import { FailOpen } from '../rate-limits/fail-open';
import { FailureLimit } from '../rate-limits/failure-limit';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

export const ADMIN_QUEUES_ROUTE = '/admin/queues';

/** Failed dashboard logins allowed per client IP and minute before it gets 429. */
const LOGIN_FAILURES_PER_MINUTE = 10;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A path as a router or a proxy in front might read it: decoded, slashes folded, dot segments resolved. */
function normalizedPath(url: string): string {
  const raw = url.split('?')[0];
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: compare the raw path.
  }
  return posix.normalize(decoded.replace(/\/+/g, '/')).toLowerCase();
}

/**
 * HTTP Basic authentication (RFC 7617) for the Bull Board dashboard, with failed logins limited per
 * client IP. `protect` runs as an onRequest hook inside the Fastify plugin that serves the dashboard
 * (see GuardedBullBoardAdapter), so it covers every route that plugin owns however the URL was spelled:
 * the router, not a string comparison, decides which requests reach it.
 */
@Injectable()
export class AdminDashboardAuth implements NotFoundChallenge {
  private readonly failures: FailureLimit;
  private readonly prefix: string;

  constructor(
    @InjectRedis() redis: RedisClient,
    private readonly config: AppConfig,
    failOpen: FailOpen,
    clock: Clock,
  ) {
    this.failures = new FailureLimit(
      redis,
      `${config.redis.prefix}:adminfail`,
      () => LOGIN_FAILURES_PER_MINUTE,
      60_000,
      failOpen,
      clock,
    );
    this.prefix = `${config.http.basePath}${ADMIN_QUEUES_ROUTE}`.toLowerCase();
  }

  /** The onRequest hook of the dashboard's plugin: answers 401 or 429 unless the credentials are right. */
  readonly protect = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await this.failures.assertAllowed(request.ip);
      if (!this.hasCredentials(request.headers.authorization)) {
        if (request.headers.authorization !== undefined) {
          await this.failures.record(request.ip);
        }
        throw this.challenge();
      }
    } catch (error) {
      if (!(error instanceof ApiException)) {
        throw error;
      }
      sendError(reply, error);
      return reply;
    }
  };

  /**
   * True for a request under the dashboard's path in any spelling (percent-encoding, letter case,
   * doubled slashes, dot segments) that lacks the credentials. The router does not send such spellings
   * to the dashboard, so they would be 404; answering them 401 instead says nothing about what exists.
   */
  shouldChallenge(request: FastifyRequest): boolean {
    const path = normalizedPath(request.url);
    const covered = path === this.prefix || path.startsWith(`${this.prefix}/`);
    return covered && !this.hasCredentials(request.headers.authorization);
  }

  challenge(): ApiException {
    return new ApiException(HttpStatus.UNAUTHORIZED, 'Admin authentication required', {
      'WWW-Authenticate': 'Basic realm="contact-intake admin", charset="UTF-8"',
    });
  }

  private hasCredentials(authorization: string | undefined): boolean {
    const { user, password } = this.config.admin;
    if (!user || !password) {
      return false;
    }
    const [scheme, encoded] = (authorization ?? '').split(' ');
    const [givenUser, ...rest] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    // Both comparisons always run, so timing does not tell which part was wrong.
    const userOk = sameSecret(givenUser ?? '', user);
    const passwordOk = sameSecret(rest.join(':'), password);
    return scheme?.toLowerCase() === 'basic' && userOk && passwordOk;
  }
}
