import { Body, Controller, Header, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { AUTH_PATH, AUTH_REFRESH_PATH } from '../http/contract-paths';
import { CurrentApiKey, IdentifiedRequest } from './request-context';
import { ApiOperation } from '@nestjs/swagger';
import { ApiErrors, ApiOkWithLimits, COMMON_ERRORS, NO_STORE_HEADERS } from '../http/openapi/api-responses';
import { ApiKeyAuth, RefreshTokenAuth } from './auth.decorators';
import { AuthService } from './auth.service';
import { RefreshTokenDto } from './dto/refresh-token.dto';
import { TokenSetDto } from './dto/token-set.dto';

/** Responses that carry tokens must not be cached (RFC 6749 section 5.1). */
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post(AUTH_PATH)
  @ApiOperation({
    summary: 'Exchange an API key for an access token and a refresh token',
    description: 'No body is needed; one is ignored.',
  })
  @ApiOkWithLimits(TokenSetDto, 'Token set', NO_STORE_HEADERS)
  @ApiErrors({
    ...COMMON_ERRORS,
    400: ['Invalid JSON body'],
    401: ['Missing API key', 'Invalid API key'],
  })
  @HttpCode(HttpStatus.OK)
  @ApiKeyAuth()
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  issue(@CurrentApiKey() apiKey: ApiKeyEntity): Promise<TokenSetDto> {
    return this.auth.issueTokens(apiKey);
  }

  @Post(AUTH_REFRESH_PATH)
  @ApiOperation({
    summary: 'Exchange a refresh token for a new token set',
    description:
      'The presented refresh token is spent (rotation). Reusing a spent token after REFRESH_REUSE_GRACE revokes its whole family. ' +
      'If X-API-KEY is also sent it must be the key that owns the token.',
  })
  @ApiOkWithLimits(TokenSetDto, 'New token set', NO_STORE_HEADERS)
  @ApiErrors({
    ...COMMON_ERRORS,
    400: [
      'Invalid JSON body',
      'Unknown field: grant_type',
      'Missing field: refresh_token',
      'Invalid field: refresh_token',
    ],
    401: ['Invalid refresh token'],
  })
  @HttpCode(HttpStatus.OK)
  @RefreshTokenAuth()
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  // The body parameter is there to be validated (the global pipe); its token's row was read by the guard.
  refresh(@Body() _body: RefreshTokenDto, @Req() request: IdentifiedRequest): Promise<TokenSetDto> {
    const presented = request.headers['x-api-key'];
    return this.auth.refresh({
      refreshToken: request.refreshToken,
      owner: request.apiKey,
      presentedApiKey: typeof presented === 'string' ? presented : undefined,
      clientIp: request.ip,
    });
  }
}
