import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiKeyService } from '../../api-keys/api-key.service';
import type { IdentifiedRequest } from '../request-context';
import { AccessTokenService } from '../access-token.service';
import { AuthErrors } from '../auth-errors';

const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * Requires `Authorization: Bearer <access token>` whose API key is still active (checked against a
 * cache of at most API_KEY_CACHE_TTL seconds, so a revoked key stops working within seconds).
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly accessTokens: AccessTokenService,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<IdentifiedRequest>();
    const authorization = request.headers.authorization;
    if (!authorization) {
      throw AuthErrors.invalidAccessToken(false);
    }
    const token = BEARER.exec(authorization)?.[1];
    const claims = token ? this.accessTokens.verify(token) : null;
    const apiKey = claims ? await this.apiKeys.findActiveById(claims.apiKeyId) : null;
    if (!apiKey) {
      throw AuthErrors.invalidAccessToken(true);
    }
    request.apiKey = apiKey;
    request.identityChecked = true;
    return true;
  }
}
