import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiKeyService } from '../../api-keys/api-key.service';
import type { IdentifiedRequest } from '../request-context';
import { AuthFailureService } from '../../rate-limits/auth-failure.service';
import { RefreshTokenService } from '../refresh-token.service';

/**
 * Reads the presented refresh token once, so the handler works on the row it already has, and
 * identifies the active API key that owns it, so the rate limit counts against that key. Only a token
 * that can still be spent identifies its owner: a spent, revoked or expired token (a replay, say)
 * must neither use up its owner's budget nor tell the caller, by a 429, that it was once real. Its
 * refresh fails as an authentication failure of the caller's IP.
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
    request.identityChecked = true;
    const token = (request.body as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (typeof token === 'string' && token !== '') {
      const row = await this.refreshTokens.find(token);
      if (row) {
        request.refreshToken = row;
        const owner = this.refreshTokens.isSpendable(row) ? await this.apiKeys.findActiveById(row.apiKeyId) : null;
        request.apiKey = owner ?? undefined;
      }
    }
    return true;
  }
}
