import { Injectable } from '@nestjs/common';
import { ApiKeyService } from '../api-keys/api-key.service';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { AUTH_REFRESH_PATH } from '../http/contract-paths';
import { AuthFailureService } from '../rate-limits/auth-failure.service';
import { AccessTokenService } from './access-token.service';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { AuthErrors } from './auth-errors';
import { TokenSetDto } from './dto/token-set.dto';
import { RefreshTokenService } from './refresh-token.service';

export interface RefreshRequest {
  /**
   * The presented token's row and, while the token is spendable, its active owner, as
   * RefreshTokenOwnerGuard found them.
   */
  refreshToken?: RefreshTokenEntity;
  owner?: ApiKeyEntity;
  /** X-API-KEY, when the client also sent it: it must be the owner's key (RFC 6749 section 6). */
  presentedApiKey?: string;
  clientIp: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly accessTokens: AccessTokenService,
    private readonly refreshTokens: RefreshTokenService,
    private readonly apiKeys: ApiKeyService,
    private readonly authFailures: AuthFailureService,
  ) {}

  /** /auth.php: a new token family for an authenticated key. */
  async issueTokens(apiKey: ApiKeyEntity): Promise<TokenSetDto> {
    const [refreshToken] = await Promise.all([
      this.refreshTokens.issueFamily(apiKey.id),
      this.apiKeys.markUsed(apiKey),
    ]);
    return this.tokenSet(apiKey.id, refreshToken);
  }

  /** /auth_refresh.php: spends the refresh token and answers a new token set. */
  async refresh(request: RefreshRequest): Promise<TokenSetDto> {
    const { refreshToken, owner } = request;
    // A token that cannot be spent goes to rotate() all the same: it tells a retry within the grace
    // period from a reuse, and revokes the family on reuse.
    const mayRotate =
      refreshToken !== undefined &&
      (this.refreshTokens.isSpendable(refreshToken)
        ? owner !== undefined && (await this.isBoundTo(owner, request.presentedApiKey))
        : true);
    const outcome = mayRotate ? await this.refreshTokens.rotate(refreshToken) : null;
    if (!outcome?.ok) {
      await this.authFailures.record(request.clientIp, AUTH_REFRESH_PATH);
      throw AuthErrors.invalidRefreshToken();
    }
    return this.tokenSet(outcome.apiKeyId, outcome.refreshToken);
  }

  private async isBoundTo(owner: ApiKeyEntity, presentedApiKey: string | undefined): Promise<boolean> {
    if (presentedApiKey === undefined) {
      return true;
    }
    const presented = await this.apiKeys.findActiveByKey(presentedApiKey);
    return presented?.id === owner.id;
  }

  private tokenSet(apiKeyId: string, refreshToken: string): TokenSetDto {
    return {
      access_token: this.accessTokens.issue(apiKeyId),
      token_type: 'Bearer',
      expires_in: this.accessTokens.ttl,
      refresh_token: refreshToken,
    };
  }
}
