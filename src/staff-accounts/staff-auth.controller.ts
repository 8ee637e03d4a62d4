import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/app-config';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { FOREIGN_ORIGIN, NOT_JSON } from '../http/staff-writes';
import { SignInDto } from './dto/sign-in.dto';
import { publicAccount, StaffAccountDto } from './dto/staff-account.views';
import { StaffRequest, staffOf } from './guards/staff-auth.guard';
import { StaffAuth } from './staff-auth.decorators';
import { StaffAuthService } from './staff-auth.service';
import {
  assertSessionCookieWillStick,
  clearSessionCookie,
  COOKIE_NEEDS_HTTPS,
  sessionIdOf,
  setSessionCookie,
} from './staff-cookie';

@ApiTags('staff')
@Controller(STAFF_API_PATH)
export class StaffAuthController {
  constructor(
    private readonly auth: StaffAuthService,
    private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in; sets the session cookie' })
  @ApiOkResponse({ type: StaffAccountDto, description: 'Signed in; Set-Cookie carries the session' })
  @ApiErrors({
    400: ['Missing field: email'],
    401: ['Invalid e-mail or password'],
    403: [COOKIE_NEEDS_HTTPS, FOREIGN_ORIGIN, NOT_JSON],
    429: ['Too many requests'],
    503: ['Service unavailable'],
  })
  async login(
    @Body() body: SignInDto,
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StaffAccountDto> {
    assertSessionCookieWillStick(request, this.config);
    const { account, sessionId } = await this.auth.signIn(body.email, body.password, request.ip);
    setSessionCookie(reply, this.config, sessionId);
    return publicAccount(account);
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth()
  @ApiOperation({ summary: 'Sign out: ends the session' })
  @ApiNoContentResponse({ description: 'Signed out; the cookie is cleared' })
  @ApiErrors({ 403: [FOREIGN_ORIGIN, NOT_JSON] })
  async logout(@Req() request: StaffRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const sessionId = sessionIdOf(request, this.config);
    if (sessionId) {
      await this.auth.signOut(sessionId, staffOf(request), request.ip);
    }
    clearSessionCookie(reply, this.config);
  }

  @Get('me')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({ summary: 'The signed-in account' })
  @ApiOkResponse({ type: StaffAccountDto })
  me(@Req() request: StaffRequest): StaffAccountDto {
    return publicAccount(staffOf(request));
  }
}
