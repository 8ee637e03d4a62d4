import { Controller, Get, HttpCode, HttpStatus, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { STAFF_API_PATH } from '../http/contract-paths';
import { callbackQueryOf } from '../http/openid-provider';
import { ApiErrors } from '../http/openapi/api-responses';
import { LOGIN_CHALLENGE_SECONDS } from '../staff-accounts/staff-login-challenges';
import {
  clearSsoCookie,
  setLoginChallengeCookie,
  setSessionCookie,
  setSsoCookie,
  ssoCookieName,
} from '../staff-accounts/staff-cookie';
import { SignInOptionsView } from './dto/sign-in-options.view';
import { SingleSignOnRefused, SingleSignOnService, SSO_PENDING_SECONDS } from './single-sign-on.service';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Single sign-on with OpenID Connect: the browser's way there and back, and what the sign-in page offers. */
@ApiTags('staff')
@Controller()
export class SingleSignOnController {
  constructor(
    private readonly sso: SingleSignOnService,
    private readonly config: AppConfig,
  ) {}

  @Get(`${STAFF_API_PATH}/sign-in-options`)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'What the sign-in page offers: password, single sign-on, or both (no sign-in needed)' })
  @ApiOkResponse({ type: SignInOptionsView })
  options(): SignInOptionsView {
    return { password: this.config.staffAuth.passwordSignIn, sso: this.sso.enabled };
  }

  @Get('staff/sso/start')
  @ApiOperation({
    summary: "Begin single sign-on: 302 to the OpenID provider's sign-in (PKCE, state, nonce)",
    description: 'Sets the ci_sso cookie that binds the sign-in to this browser (10 minutes). 404 without OIDC_ISSUER.',
  })
  @ApiResponse({ status: 302, description: "To the provider's sign-in" })
  @ApiErrors({ 404: ['Not found'] })
  async start(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!this.sso.enabled) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    try {
      const { url, browser } = await this.sso.start(originOf(request));
      setSsoCookie(reply, this.config, browser, SSO_PENDING_SECONDS);
      await reply.header('Cache-Control', 'no-store').redirect(url, 302);
    } catch (error) {
      await this.toConsole(request, reply, { error: this.codeOf(error) });
    }
  }

  @Get('staff/sso/callback')
  @ApiOperation({
    summary:
      'Where the provider sends the browser back: the session cookie (or the second step), then 303 to the console',
    description:
      'Checks the state against the ci_sso cookie, exchanges the code (PKCE), verifies the ID token and its nonce, and ' +
      'signs in the active account of its verified e-mail. 303 to the console: signed in, `#/?second_factor=...` ' +
      'when the account has one to ask for (a __Host-ci_login cookie is set), or `#/?sso_error=<code>` (not_begun_here, provider_refused, answer_unverified, ' +
      'no_verified_address, no_account, not_set_up, provider_unreachable or refused).',
  })
  @ApiResponse({ status: 303, description: 'To the console' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = callbackQueryOf(request.query);
    clearSsoCookie(reply, this.config);
    try {
      const outcome = await this.sso.finish(
        query,
        request.cookies?.[ssoCookieName(this.config)],
        request.ip,
        request.headers['user-agent'],
      );
      if ('challenge' in outcome) {
        setLoginChallengeCookie(reply, this.config, outcome.challenge.id, LOGIN_CHALLENGE_SECONDS);
        await this.toConsole(request, reply, { secondFactor: outcome.challenge.methods });
        return;
      }
      setSessionCookie(reply, this.config, outcome.sessionId);
      await this.toConsole(request, reply, {});
    } catch (error) {
      await this.toConsole(request, reply, { error: this.codeOf(error) });
    }
  }

  /**
   * The code the console is sent for a refusal (never its words: see SingleSignOnRefused); an API
   * error on the way (the sign-in itself refused) is `refused`.
   */
  private codeOf(error: unknown): string {
    if (error instanceof SingleSignOnRefused) {
      return error.code;
    }
    if (error instanceof ApiException) {
      return 'refused';
    }
    throw error;
  }

  private async toConsole(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: { error?: string; secondFactor?: string[] },
  ): Promise<void> {
    const query = outcome.error
      ? `?sso_error=${encodeURIComponent(outcome.error)}`
      : outcome.secondFactor
        ? `?second_factor=${outcome.secondFactor.join(',')}`
        : '';
    const origin = this.config.staffAuth.publicOrigin ?? originOf(request);
    await reply
      .header('Cache-Control', 'no-store')
      .redirect(`${origin}${this.config.http.basePath}/staff/#/${query}`, 303);
  }
}
