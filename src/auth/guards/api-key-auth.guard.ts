import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { ApiKeyEntity } from '../../api-keys/entities/api-key.entity';
import { ApiException } from '../../http/api-exception';
import { AUTH_PATH } from '../../http/contract-paths';
import type { IdentifiedRequest } from '../request-context';
import { AuthFailureService } from '../../rate-limits/auth-failure.service';
import { AuthErrors } from '../auth-errors';
import { ApiKeyStrategy } from '../strategies/api-key.strategy';

/**
 * Authenticates X-API-KEY through the passport strategy. An IP that failed too often is refused
 * before the key is looked at; every failure counts against the IP.
 *
 * The strategy is run the way passport's own `authenticate` middleware runs one (a copy of it with
 * success, fail, pass and error attached), without the middleware around it: @nestjs/passport's
 * AuthGuard builds that middleware, a request augmentation and a promise wrapper for every request,
 * which cost a tenth of `/auth.php`'s CPU (bench/framework-floor.ts measures it). The strategy, its
 * header parsing and its verify callback are passport-headerapikey's, unchanged.
 */
@Injectable()
export class ApiKeyAuthGuard implements CanActivate {
  constructor(
    private readonly strategy: ApiKeyStrategy,
    private readonly authFailures: AuthFailureService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<IdentifiedRequest>();
    // The IP check and the key check run side by side; a blocked IP is refused whatever the key.
    const [allowed, authenticated] = await Promise.allSettled([
      this.authFailures.assertAllowed(request.ip),
      this.identify(request),
    ]);
    if (allowed.status === 'rejected') {
      throw allowed.reason;
    }
    if (authenticated.status === 'fulfilled') {
      request.apiKey = authenticated.value;
      request.identityChecked = true;
      return true;
    }
    const error: unknown = authenticated.reason;
    if (error instanceof ApiException && error.getStatus() === Number(HttpStatus.UNAUTHORIZED)) {
      await this.authFailures.record(request.ip, AUTH_PATH);
    }
    throw error;
  }

  /** The active key the request's X-API-KEY names; a missing or unknown key is a 401 in the contract's words. */
  private identify(request: IdentifiedRequest): Promise<ApiKeyEntity> {
    return new Promise((resolve, reject) => {
      const attempt = Object.create(this.strategy) as PassportAttempt;
      attempt.success = (apiKey) => resolve(apiKey);
      attempt.fail = attempt.pass = () =>
        reject(request.headers['x-api-key'] ? AuthErrors.invalidApiKey() : AuthErrors.missingApiKey());
      attempt.error = (error) => reject(error instanceof Error ? error : new Error('API key authentication failed'));
      attempt.authenticate(request, {});
    });
  }
}

/** What passport attaches to a strategy for one attempt (passport's `authenticate` middleware does the same). */
interface PassportAttempt {
  success(user: ApiKeyEntity): void;
  fail(): void;
  pass(): void;
  error(error: unknown): void;
  authenticate(request: unknown, options: object): void;
}
