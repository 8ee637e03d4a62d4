import { Body, Controller, Delete, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/app-config';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { publicAccount, StaffAccountDto } from '../staff-accounts/dto/staff-account.views';
import { StaffAuthService } from '../staff-accounts/staff-auth.service';
import { INVALID_CODE, SIGN_IN_EXPIRED, StaffSignIn } from '../staff-accounts/staff-sign-in.service';
import { clearLoginChallengeCookie, loginChallengeOf, setSessionCookie } from '../staff-accounts/staff-cookie';
import { FOREIGN_ORIGIN, NOT_JSON } from '../staff-accounts/staff-writes';
import {
  ConfirmTotpDto,
  RecoveryCodesView,
  SECOND_FACTOR_PROOF_BODY,
  SecondFactorProofDto,
  TotpSetupView,
} from './dto/second-factor.dto';
import { ALREADY_ON, NOT_ON, NOTHING_PENDING, TotpService, WRONG_CODE } from './totp.service';
import { actorOf } from '../audit/actor';
import type { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

/** Second factors: setting up an authenticator app, and the second step of sign-in. */
@ApiTags('staff')
@Controller(STAFF_API_PATH)
export class SecondFactorController {
  constructor(
    private readonly totp: TotpService,
    private readonly auth: StaffAuthService,
    private readonly signIns: StaffSignIn,
    private readonly config: AppConfig,
  ) {}

  @Post('login/second-factor')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Complete a sign-in with the authenticator app's code or a recovery code; sets the session cookie",
    description:
      'After POST /staff/api/login answered `{"second_factor": [...]}`: its __Host-ci_login cookie and a code. A ' +
      'wrong code counts against the same lockout as a wrong password; each code and recovery code works once.',
  })
  @ApiExtraModels(SecondFactorProofDto)
  @ApiBody(SECOND_FACTOR_PROOF_BODY)
  @ApiOkResponse({ type: StaffAccountDto, description: 'Signed in; Set-Cookie carries the session' })
  @ApiErrors({
    400: ['Missing field: code', 'Invalid field: code'],
    401: [SIGN_IN_EXPIRED, INVALID_CODE],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    429: ['Too many requests'],
    503: ['Service unavailable'],
  })
  async completeSignIn(
    @Body() body: SecondFactorProofDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StaffAccountDto> {
    const { account, sessionId } = await this.signIns.completeSecondFactor(
      loginChallengeOf(request, this.config),
      request.ip,
      (signingIn) => this.totp.check(signingIn.id, body),
      request.headers['user-agent'],
    );
    clearLoginChallengeCookie(reply, this.config);
    setSessionCookie(reply, this.config, sessionId);
    return publicAccount(account, await this.auth.factorsOf(account));
  }

  @Post('me/totp')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({
    summary: 'Begin setting up an authenticator app: its secret and otpauth URL (pending until confirmed)',
  })
  @ApiOkResponse({ type: TotpSetupView })
  @ApiErrors({ 403: [FOREIGN_ORIGIN, NOT_JSON], 409: [ALREADY_ON] })
  start(@Req() request: StaffRequest<StaffAccountEntity>): Promise<TotpSetupView> {
    return this.totp.start(staffOf(request));
  }

  @Post('me/totp/confirm')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({
    summary:
      'Confirm the app with its first code: it becomes a second factor, and the ten recovery codes are shown once',
  })
  @ApiOkResponse({ type: RecoveryCodesView })
  @ApiErrors({
    400: ['Missing field: code', 'Invalid field: code', WRONG_CODE],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    409: [NOTHING_PENDING, ALREADY_ON],
  })
  async confirm(
    @Body() body: ConfirmTotpDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
  ): Promise<RecoveryCodesView> {
    const codes = await this.totp.confirm(staffOf(request), body.code, actorOf(request));
    this.auth.forgetFactors(staffOf(request).id);
    return codes;
  }

  @Delete('me/totp')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({ summary: 'Turn the authenticator app off, with a code of it or a recovery code' })
  @ApiBody(SECOND_FACTOR_PROOF_BODY)
  @ApiNoContentResponse({ description: 'Turned off; its recovery codes stop working' })
  @ApiErrors({
    400: ['Missing field: code', 'Invalid field: code', WRONG_CODE],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    409: [NOT_ON],
  })
  async turnOff(@Body() body: SecondFactorProofDto, @Req() request: StaffRequest<StaffAccountEntity>): Promise<void> {
    await this.totp.turnOff(staffOf(request), body, actorOf(request));
    this.auth.forgetFactors(staffOf(request).id);
  }
}
