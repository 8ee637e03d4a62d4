import { Body, Controller, Header, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { AUTH_PATH, AUTH_REFRESH_PATH } from '../common/contract-paths';
import { CurrentApiKey, IdentifiedRequest } from '../common/request-context';
import { ApiKeyThrottlerGuard } from '../rate-limit/api-key-throttler.guard';
import { AuthService } from './auth.service';
import { RefreshTokenDto } from './dto/refresh-token.dto';
import { TokenSetDto } from './dto/token-set.dto';
import { ApiKeyAuthGuard } from './guards/api-key-auth.guard';
import { RefreshTokenOwnerGuard } from './guards/refresh-token-owner.guard';

/** Responses that carry tokens must not be cached (RFC 6749 section 5.1). */
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post(AUTH_PATH)
  @HttpCode(HttpStatus.OK)
  @UseGuards(ApiKeyAuthGuard, ApiKeyThrottlerGuard)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  issue(@CurrentApiKey() apiKey: ApiKeyEntity): Promise<TokenSetDto> {
    return this.auth.issueTokens(apiKey);
  }

  @Post(AUTH_REFRESH_PATH)
  @HttpCode(HttpStatus.OK)
  @UseGuards(RefreshTokenOwnerGuard, ApiKeyThrottlerGuard)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  refresh(@Body() body: RefreshTokenDto, @Req() request: IdentifiedRequest): Promise<TokenSetDto> {
    const presented = request.headers['x-api-key'];
    return this.auth.refresh({
      refreshToken: body.refresh_token,
      owner: request.apiKey,
      presentedApiKey: typeof presented === 'string' ? presented : undefined,
      clientIp: request.ip,
    });
  }
}
