import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { publicAccount, StaffAccountDto } from '../staff-accounts/dto/staff-account.views';
import { StaffAccountsService } from '../staff-accounts/staff-accounts.service';
import { StaffAuthService } from '../staff-accounts/staff-auth.service';
import { SIGN_IN_EXPIRED, StaffSignIn } from '../staff-accounts/staff-sign-in.service';
import {
  clearLoginChallengeCookie,
  loginChallengeOf,
  passkeyCookieName,
  setPasskeyCookie,
  setSessionCookie,
} from '../staff-accounts/staff-cookie';
import { FOREIGN_ORIGIN, NOT_JSON } from '../staff-accounts/staff-writes';
import { PasskeySignInDto, PasskeyView, RegisterPasskeyDto, WebAuthnOptionsView } from './dto/passkey.dto';
import {
  CHALLENGE_SECONDS,
  PASSKEY_REFUSED,
  PASSKEY_TAKEN,
  PASSKEYS_NEED_PUBLIC_URL,
  PasskeysService,
  TOO_MANY_PASSKEYS,
} from './passkeys.service';
import { actorOf } from '../audit/actor';
import type { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

/** The origin the browser is on: its Origin header (a fetch sends it), else the request's scheme and host. */
const originOf = (request: FastifyRequest) => request.headers.origin ?? `${request.protocol}://${request.host}`;

/** Passkeys: registering and removing them (Your account), and signing in with one. */
@ApiTags('staff')
@Controller(STAFF_API_PATH)
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly auth: StaffAuthService,
    private readonly signIns: StaffSignIn,
    private readonly accounts: StaffAccountsService,
    private readonly config: AppConfig,
  ) {}

  @Get('me/passkeys')
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({ summary: 'Your passkeys' })
  @ApiOkResponse({ type: [PasskeyView] })
  list(@Req() request: StaffRequest<StaffAccountEntity>): Promise<PasskeyView[]> {
    return this.passkeys.list(staffOf(request));
  }

  @Post('me/passkeys/options')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({
    summary: 'Registration options for a new passkey (navigator.credentials.create), good for 5 minutes',
    description:
      "A discoverable credential with user verification required; the relying party is PUBLIC_URL's host " +
      '(in production without PUBLIC_URL every passkey ceremony answers 409).',
  })
  @ApiOkResponse({ type: WebAuthnOptionsView })
  @ApiErrors({ 403: [FOREIGN_ORIGIN, NOT_JSON], 409: [TOO_MANY_PASSKEYS, PASSKEYS_NEED_PUBLIC_URL] })
  registrationOptions(@Req() request: StaffRequest<StaffAccountEntity>): Promise<Record<string, unknown>> {
    return this.passkeys.registrationOptions(staffOf(request), originOf(request));
  }

  @Post('me/passkeys')
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({ summary: "Register a passkey: the browser's answer to the options, and its name" })
  @ApiCreatedResponse({ type: PasskeyView })
  @ApiErrors({
    400: ['Missing field: name', 'Missing field: response', PASSKEY_REFUSED],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    409: [PASSKEY_TAKEN, PASSKEYS_NEED_PUBLIC_URL],
  })
  async register(
    @Body() body: RegisterPasskeyDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
  ): Promise<PasskeyView> {
    const view = await this.passkeys.register(
      staffOf(request),
      body.name,
      body.response,
      originOf(request),
      actorOf(request),
    );
    this.auth.forgetFactors(staffOf(request).id);
    return view;
  }

  @Delete('me/passkeys/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({ summary: 'Remove one of your passkeys' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors({ 403: [FOREIGN_ORIGIN, NOT_JSON], 404: ['Not found'] })
  async remove(@Param('id') id: string, @Req() request: StaffRequest<StaffAccountEntity>): Promise<void> {
    await this.passkeys.remove(staffOf(request), id, actorOf(request));
    this.auth.forgetFactors(staffOf(request).id);
  }

  @Post('login/passkey/options')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign-in options for a passkey (navigator.credentials.get); sets the ci_passkey cookie (5 minutes)',
    description:
      "On its own: any of the service's passkeys (discoverable). During the second step of a sign-in (with its " +
      "__Host-ci_login cookie): only that account's passkeys.",
  })
  @ApiOkResponse({ type: WebAuthnOptionsView })
  @ApiErrors({ 403: [FOREIGN_ORIGIN, NOT_JSON], 409: [PASSKEYS_NEED_PUBLIC_URL] })
  async signInOptions(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Record<string, unknown>> {
    const accountId = await this.signIns.accountOfChallenge(loginChallengeOf(request, this.config));
    const { options, ticket } = await this.passkeys.authenticationOptions(originOf(request), accountId ?? undefined);
    setPasskeyCookie(reply, this.config, ticket, CHALLENGE_SECONDS);
    return options;
  }

  @Post('login/passkey')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in with a passkey (on its own: two factors), or complete a password sign-in with one',
  })
  @ApiOkResponse({ type: StaffAccountDto, description: 'Signed in; Set-Cookie carries the session' })
  @ApiErrors({
    400: ['Missing field: response'],
    401: [PASSKEY_REFUSED, SIGN_IN_EXPIRED],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    409: [PASSKEYS_NEED_PUBLIC_URL],
    429: ['Too many requests'],
  })
  async signIn(
    @Body() body: PasskeySignInDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StaffAccountDto> {
    // Refused before a second step's attempt is counted, when there is no relying party to check against.
    this.passkeys.relyingParty(originOf(request));
    const ticket = request.cookies?.[passkeyCookieName(this.config)];
    const challengeId = loginChallengeOf(request, this.config);
    const userAgent = request.headers['user-agent'];
    let signedIn;
    if (challengeId) {
      signedIn = await this.signIns.completeSecondFactor(
        challengeId,
        request.ip,
        async (account) =>
          (await this.passkeys.verify(ticket, body.response, originOf(request), account.id)) ? 'passkey' : null,
        userAgent,
      );
      clearLoginChallengeCookie(reply, this.config);
    } else {
      const accountId = await this.passkeys.verify(ticket, body.response, originOf(request));
      const account = accountId ? await this.accounts.findById(accountId) : null;
      if (!account || account.disabledAt) {
        throw new ApiException(HttpStatus.UNAUTHORIZED, PASSKEY_REFUSED);
      }
      const outcome = await this.signIns.signInVerified(account, request.ip, userAgent, 'passkey', true);
      if ('challenge' in outcome) {
        throw new ApiException(HttpStatus.UNAUTHORIZED, PASSKEY_REFUSED);
      }
      signedIn = outcome;
    }
    setSessionCookie(reply, this.config, signedIn.sessionId);
    return publicAccount(signedIn.account, await this.auth.factorsOf(signedIn.account));
  }
}
