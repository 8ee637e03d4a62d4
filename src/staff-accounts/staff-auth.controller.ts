import { Body, Controller, Get, HttpCode, HttpStatus, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { FOREIGN_ORIGIN, NOT_JSON } from './staff-writes';
import { ChangePasswordDto, UseResetLinkDto } from './dto/password-changes.dto';
import { SignInDto } from './dto/sign-in.dto';
import { UpdateOwnAccountDto } from './dto/staff-account-changes.dto';
import { publicAccount, SecondFactorNeededDto, StaffAccountDto } from './dto/staff-account.views';
import { LOGIN_CHALLENGE_SECONDS } from './staff-login-challenges';
import type { StaffAccountEntity } from './entities/staff-account.entity';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';
import { StaffAuthService } from './staff-auth.service';
import { StaffSignIn } from './staff-sign-in.service';
import {
  assertSessionCookieWillStick,
  clearSessionCookie,
  COOKIE_NEEDS_HTTPS,
  sessionIdOf,
  setLoginChallengeCookie,
  setSessionCookie,
  staffTokenOf,
} from './staff-cookie';
import {
  INVALID_RESET_LINK,
  SAME_PASSWORD,
  StaffPasswordsService,
  WRONG_CURRENT_PASSWORD,
} from './staff-passwords.service';

const TOO_SHORT = 'the password must be at least 12 characters long';

@ApiTags('staff')
@Controller(STAFF_API_PATH)
export class StaffAuthController {
  constructor(
    private readonly auth: StaffAuthService,
    private readonly signIns: StaffSignIn,
    private readonly passwords: StaffPasswordsService,
    private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in; sets the session cookie, or asks for the second factor',
    description:
      'An account without a second factor is signed in (Set-Cookie carries the session). For one with a second ' +
      'factor the answer is `{"second_factor": [...]}` and a short-lived __Host-ci_login cookie, and no session: ' +
      'POST /staff/api/login/second-factor completes it.',
  })
  @ApiExtraModels(SecondFactorNeededDto)
  @ApiOkResponse({
    description: 'Signed in (the account), or the second factor is needed',
    schema: { oneOf: [{ $ref: getSchemaPath(StaffAccountDto) }, { $ref: getSchemaPath(SecondFactorNeededDto) }] },
  })
  @ApiErrors({
    400: ['Missing field: email'],
    401: ['Invalid e-mail or password'],
    403: [COOKIE_NEEDS_HTTPS, FOREIGN_ORIGIN, NOT_JSON],
    429: ['Too many requests'],
    503: ['Service unavailable'],
  })
  async login(
    @Body() body: SignInDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StaffAccountDto | SecondFactorNeededDto> {
    assertSessionCookieWillStick(request, this.config);
    const outcome = await this.signIns.signIn(body.email, body.password, request.ip, request.headers['user-agent']);
    if ('challenge' in outcome) {
      setLoginChallengeCookie(reply, this.config, outcome.challenge.id, LOGIN_CHALLENGE_SECONDS);
      return { second_factor: outcome.challenge.methods };
    }
    setSessionCookie(reply, this.config, outcome.sessionId);
    return publicAccount(outcome.account, await this.auth.factorsOf(outcome.account));
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('agent', { beforePasswordChange: true, beforeSecondFactor: true })
  @ApiOperation({ summary: 'Sign out: ends the session' })
  @ApiBody({
    required: false,
    description:
      'No body and no Content-Type, or `{}` as application/json (a cookie session sending a body must send JSON)',
    schema: { type: 'object', additionalProperties: false, maxProperties: 0 },
  })
  @ApiNoContentResponse({ description: 'Signed out; the cookie is cleared' })
  @ApiErrors({ 400: ['Unknown field: reason', 'Invalid JSON body'], 403: [FOREIGN_ORIGIN, NOT_JSON] })
  async logout(
    @Body() body: unknown,
    @Req() request: StaffRequest<StaffAccountEntity>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    assertEmptyBody(body);
    const sessionId = sessionIdOf(request, this.config);
    if (sessionId) {
      await this.signIns.signOut(sessionId, staffOf(request), request.ip);
    }
    clearSessionCookie(reply, this.config);
  }

  @Get('me')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('agent', { beforePasswordChange: true, beforeSecondFactor: true })
  @ApiOperation({ summary: 'The signed-in account' })
  @ApiOkResponse({ type: StaffAccountDto })
  async me(@Req() request: StaffRequest<StaffAccountEntity>): Promise<StaffAccountDto> {
    const account = staffOf(request);
    return publicAccount(account, await this.auth.factorsOf(account, sessionIdOf(request, this.config)));
  }

  @Patch('me')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('agent')
  @ApiOperation({
    summary: 'Mark yourself away (or back): round-robin assignment passes over an away account',
    description: 'Audited as `staff.updated`. Rules that assign you by name (`assign`) still do.',
  })
  @ApiOkResponse({ type: StaffAccountDto })
  @ApiErrors({
    400: ['Missing field: away', 'Invalid field: away', 'Unknown field: x'],
    403: [FOREIGN_ORIGIN, NOT_JSON],
  })
  async updateMe(
    @Body() body: UpdateOwnAccountDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
  ): Promise<StaffAccountDto> {
    const account = await this.auth.setAway(staffOf(request), body.away, request.ip);
    return publicAccount(account, await this.auth.factorsOf(account, sessionIdOf(request, this.config)));
  }

  @Post('me/password')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('agent', { beforePasswordChange: true, beforeSecondFactor: true })
  @ApiOperation({
    summary:
      "Change your own password: the account's other sessions end, this one goes on under a new cookie " +
      '(its st_ tokens stay); a wrong current password counts as a failed sign-in',
  })
  @ApiNoContentResponse({ description: 'Changed; Set-Cookie carries the new session (for a cookie session)' })
  @ApiErrors({
    400: ['Missing field: new_password', TOO_SHORT, SAME_PASSWORD, WRONG_CURRENT_PASSWORD],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    429: ['Too many requests'],
    503: ['Service unavailable'],
  })
  async changePassword(
    @Body() body: ChangePasswordDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const sessionId = await this.passwords.changeOwn(staffOf(request), body.current_password, body.new_password, {
      ip: request.ip,
      sessionId: staffTokenOf(request) ? undefined : sessionIdOf(request, this.config),
    });
    if (sessionId) {
      setSessionCookie(reply, this.config, sessionId);
    }
  }

  @Post('password-reset')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Choose a new password with the token of a reset link (once, within the hour); then sign in with it. ' +
      'Failures count against the IP like failed sign-ins',
  })
  @ApiNoContentResponse({ description: 'The password is set' })
  @ApiErrors({
    400: ['Missing field: token', TOO_SHORT, INVALID_RESET_LINK],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    429: ['Too many requests'],
    503: ['Service unavailable'],
  })
  async useResetLink(@Body() body: UseResetLinkDto, @Req() request: StaffRequest<StaffAccountEntity>): Promise<void> {
    await this.passwords.useResetLink(body.token, body.new_password, request.ip);
  }
}

/** What the document allows a body-less operation to be sent with: nothing, or `{}`. */
function assertEmptyBody(body: unknown): void {
  if (body === undefined) {
    return;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid JSON body');
  }
  const [unknown] = Object.keys(body);
  if (unknown !== undefined) {
    throw new ApiException(HttpStatus.BAD_REQUEST, `Unknown field: ${unknown}`);
  }
}
