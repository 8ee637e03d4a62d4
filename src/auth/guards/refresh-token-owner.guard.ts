import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiKeyService } from '../../api-keys/api-key.service';
import type { IdentifiedRequest } from '../../common/request-context';
import { AuthFailureService } from '../../rate-limit/auth-failure.service';
import { RefreshTokenService } from '../refresh-token.service';

/**
 * Reads the presented refresh token once and identifies the active API key that owns it, so the rate
 * limit counts against that key and the handler rotates the row it already has.
 * It refuses nothing itself (but an IP over its failure limit): body validation and the token's
 * verdict come after, in the pipe and the service.
 */
@Injectable()
export class RefreshTokenOwnerGuard implements CanActivate {
  constructor(
    private readonly refreshTokens: RefreshTokenService,
    private readonly apiKeys: ApiKeyService,
    private readonly authFailures: AuthFailureService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<IdentifiedRequest>();
    await this.authFailures.assertAllowed(request.ip);
    const token = (request.body as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (typeof token === 'string' && token !== '') {
      const row = await this.refreshTokens.find(token);
      const owner = row ? await this.apiKeys.findActiveById(row.apiKeyId) : null;
      if (row && owner) {
        request.refreshToken = row;
        request.apiKey = owner;
      }
    }
    return true;
  }
}
