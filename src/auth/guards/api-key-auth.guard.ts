import { ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { ApiKeyEntity } from '../../api-keys/entities/api-key.entity';
import { ApiException } from '../../http/api-exception';
import { AUTH_PATH } from '../../http/contract-paths';
import type { IdentifiedRequest } from '../request-context';
import { AuthFailureService } from '../../rate-limits/auth-failure.service';
import { AuthErrors } from '../auth-errors';
import { API_KEY_STRATEGY } from '../strategies/api-key.strategy';

/**
 * Authenticates X-API-KEY through the passport strategy. An IP that failed too often is refused
 * before the key is looked at; every failure counts against the IP.
 */
@Injectable()
export class ApiKeyAuthGuard extends AuthGuard(API_KEY_STRATEGY) {
  constructor(private readonly authFailures: AuthFailureService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<IdentifiedRequest>();
    // The IP check and the key check run side by side; a blocked IP is refused whatever the key.
    const [allowed, authenticated] = await Promise.allSettled([
      this.authFailures.assertAllowed(request.ip),
      super.canActivate(context) as Promise<boolean>,
    ]);
    if (allowed.status === 'rejected') {
      throw allowed.reason;
    }
    if (authenticated.status === 'fulfilled') {
      return authenticated.value;
    }
    const error: unknown = authenticated.reason;
    if (error instanceof ApiException && error.getStatus() === Number(HttpStatus.UNAUTHORIZED)) {
      await this.authFailures.record(request.ip, AUTH_PATH);
    }
    throw error;
  }

  override handleRequest<T = ApiKeyEntity>(
    error: unknown,
    apiKey: T | false,
    _info: unknown,
    context: ExecutionContext,
  ): T {
    if (error) {
      throw error instanceof Error ? error : new Error('API key authentication failed');
    }
    const request = context.switchToHttp().getRequest<IdentifiedRequest>();
    if (!apiKey) {
      throw request.headers['x-api-key'] ? AuthErrors.invalidApiKey() : AuthErrors.missingApiKey();
    }
    request.apiKey = apiKey as unknown as ApiKeyEntity;
    request.identityChecked = true;
    return apiKey;
  }
}
