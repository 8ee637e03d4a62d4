import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiSecurity } from '@nestjs/swagger';
import { API_KEY_SECURITY, BEARER_SECURITY } from '../http/openapi/openapi';
import { ApiKeyThrottlerGuard } from '../rate-limits/api-key-throttler.guard';
import { AccessTokenGuard } from './guards/access-token.guard';
import { ApiKeyAuthGuard } from './guards/api-key-auth.guard';
import { RefreshTokenOwnerGuard } from './guards/refresh-token-owner.guard';
import { API_KEY_HEADER } from './strategies/api-key.strategy';

/**
 * The guards of a route that acts for an API key, in the only order that works: the guard that
 * identifies the key, then the per-key throttler (which refuses to run without one before it), and
 * their OpenAPI description. Use these instead of @UseGuards on the contract's routes.
 */

/** `X-API-KEY` (POST /auth.php). */
export function ApiKeyAuth(): MethodDecorator {
  return applyDecorators(
    UseGuards(ApiKeyAuthGuard, ApiKeyThrottlerGuard),
    ApiSecurity(API_KEY_SECURITY),
    ApiHeader({ name: API_KEY_HEADER, required: true, description: 'The client API key (ck_...)' }),
  );
}

/** `Authorization: Bearer <access token>` (POST /contact_api.php). */
export function AccessTokenAuth(): MethodDecorator {
  return applyDecorators(UseGuards(AccessTokenGuard, ApiKeyThrottlerGuard), ApiBearerAuth(BEARER_SECURITY));
}

/** The refresh token in the body, optionally bound to `X-API-KEY` (POST /auth_refresh.php). */
export function RefreshTokenAuth(): MethodDecorator {
  return applyDecorators(
    UseGuards(RefreshTokenOwnerGuard, ApiKeyThrottlerGuard),
    ApiHeader({ name: API_KEY_HEADER, required: false, description: 'Optional: binds the refresh to its client' }),
  );
}
