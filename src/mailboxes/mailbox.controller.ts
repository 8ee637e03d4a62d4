import { Controller, Delete, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { STAFF_API_PATH } from '../http/contract-paths';
import { callbackQueryOf } from '../http/openid-provider';
import { ApiErrors } from '../http/openapi/api-responses';
import { MailboxConnectView, MailboxView } from './dto/mailbox.views';
import { MailboxConnectService, NOT_OAUTH, PENDING_SECONDS } from './mailbox-connect.service';
import { clearMailboxCookie, mailboxCookieOf, setMailboxCookie } from './mailbox-cookie';
import { actorOf } from '../audit/actor';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The mailbox (Settings, Mailbox in the console): its state, and connecting it by OAuth2. */
@ApiTags('staff: administration')
@Controller(`${STAFF_API_PATH}/mailbox`)
export class MailboxController {
  constructor(
    private readonly mailbox: MailboxConnectService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @StaffAuth('admin')
  @ApiOperation({
    summary: 'Whether the mailbox is connected, when it was last polled and what went wrong last',
    description:
      'The mailbox of INBOUND_IMAP_URL / SMTP_URL. With MAIL_OAUTH_PROVIDER it signs in with the grant an admin ' +
      'connected; a refused grant reads needs_reconnect until an admin connects it again.',
  })
  @ApiOkResponse({ type: MailboxView })
  view(): Promise<MailboxView> {
    return this.mailbox.view();
  }

  @Post('connect')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({
    summary: "Begin connecting the mailbox: the provider's authorization URL for this browser",
    description:
      'The authorization-code flow with PKCE (S256) and a one-time state against MAIL_OAUTH_PROVIDER. Open ' +
      'authorization_url in this browser: it sets the ci_mailbox cookie (10 minutes) that binds the flow to ' +
      'it, and the provider sends it back to GET /staff/api/mailbox/callback.',
  })
  @ApiOkResponse({ type: MailboxConnectView })
  @ApiErrors({ 409: [NOT_OAUTH], 502: ['The OAuth2 provider could not be reached: try again'] })
  async connect(
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MailboxConnectView> {
    const { view, browser } = await this.mailbox.start(staffOf(request).id, originOf(request));
    setMailboxCookie(reply, this.config, browser, PENDING_SECONDS);
    return view;
  }

  @Get('callback')
  @ApiOperation({
    summary: "Where the provider sends the admin's browser back: the code becomes the mailbox's grant",
    description:
      'Authenticated by its one-time state (begun by an admin within 10 minutes) together with the ci_mailbox ' +
      "cookie that Connect set on that admin's browser (the session cookie is not sent on a redirect from " +
      "another site). The grant must be for the configured mailbox. Always answers 303 to the console's " +
      'Settings page, with ?mailbox=connected or ?mailbox_error=<code>: not_oauth, not_begun_here, ' +
      'not_granted, code_refused, no_refresh_token, unknown_account or wrong_account.',
  })
  @ApiResponse({ status: 303, description: "To the console's Settings page, saying how it went" })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = callbackQueryOf(request.query);
    const to = await this.mailbox.finish(query, mailboxCookieOf(request, this.config), originOf(request), request.ip);
    clearMailboxCookie(reply, this.config);
    await reply.header('Cache-Control', 'no-store').redirect(to, 303);
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('admin')
  @ApiOperation({
    summary: 'Disconnect the mailbox: its grant is forgotten (and revoked where the provider offers it)',
  })
  @ApiNoContentResponse({ description: 'Disconnected (or there was nothing to disconnect)' })
  @ApiErrors({ 409: [NOT_OAUTH] })
  async disconnect(@Req() request: StaffRequest): Promise<void> {
    await this.mailbox.disconnect(actorOf(request));
  }
}
