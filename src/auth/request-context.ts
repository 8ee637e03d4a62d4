import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import type { RefreshTokenEntity } from './entities/refresh-token.entity';

/**
 * What guards learn about a request: the API key it acts for. Set by the API key strategy
 * (/auth.php), the refresh token owner lookup (/auth_refresh.php) and the access token guard
 * (/contact_api.php); read by the per-key rate limiter, the handlers and the request log.
 */
export interface IdentifiedRequest extends FastifyRequest {
  /**
   * Set by every guard that identifies the API key, whether or not it found one (a replayed refresh
   * token identifies none): the per-key throttler refuses to run on a request no such guard has seen.
   */
  identityChecked?: true;
  apiKey?: ApiKeyEntity;
  /** /auth_refresh.php: the stored row of the presented refresh token, read once by its guard. */
  refreshToken?: RefreshTokenEntity;
}

/** The API key a guard identified for this request. */
export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<IdentifiedRequest>().apiKey,
);
