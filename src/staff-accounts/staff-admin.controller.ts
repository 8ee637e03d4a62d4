import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { NamedRefView } from '../http/openapi/named-ref.view';
import { CreateStaffAccountDto, UpdateStaffAccountDto } from './dto/staff-account-changes.dto';
import {
  CreatedStaffAccountView,
  ResetLinkSentView,
  StaffAccountAdminView,
  TemporaryPasswordView,
  toStaffAccountAdminView,
} from './dto/staff-account.views';
import { actorOf } from '../audit/actor';
import type { StaffAccountEntity } from './entities/staff-account.entity';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';
import { DISABLED_ACCOUNT, OWN_RESET, RESET_MAIL_FAILED, StaffPasswordsService } from './staff-passwords.service';

/** The `staff` commands over HTTP, for admins: the same service, so the same rules and audit events. */
@ApiTags('staff: administration')
@Controller(`${STAFF_API_PATH}/staff`)
export class StaffAdminController {
  constructor(
    private readonly accounts: StaffAccountsService,
    private readonly passwords: StaffPasswordsService,
  ) {}

  @Get()
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Every staff account' })
  @ApiOkResponse({ type: [StaffAccountAdminView] })
  async list(): Promise<StaffAccountAdminView[]> {
    return (await this.accounts.list()).map(toStaffAccountAdminView);
  }

  @Get('assignable')
  @StaffAuth()
  @ApiOperation({ summary: 'The active accounts a submission can be assigned to (any staff member may ask)' })
  @ApiOkResponse({ type: [NamedRefView] })
  async assignable(): Promise<NamedRefView[]> {
    return (await this.accounts.list())
      .filter((account) => account.disabledAt === null)
      .map((account) => ({ id: account.id, name: account.name }));
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Create an account; the answer is the only time its password is shown' })
  @ApiCreatedResponse({ type: CreatedStaffAccountView })
  @ApiErrors({
    400: ['Missing field: email', 'Invalid field: role', 'the password must be at least 12 characters long'],
    409: ['a staff account with this e-mail address already exists'],
  })
  async create(
    @Body() body: CreateStaffAccountDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
  ): Promise<CreatedStaffAccountView> {
    const { account, password } = await this.accounts.create(body, actorOf(request));
    return { ...toStaffAccountAdminView(account), password };
  }

  @Patch(':id')
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Change name, role or disabled (disabling ends sessions within seconds)' })
  @ApiOkResponse({ type: StaffAccountAdminView })
  @ApiErrors({
    400: ['Invalid field: role', 'You cannot disable your own account or take away its admin role'],
    404: ['Not found'],
  })
  async update(
    @Param('id') id: string,
    @Body() body: UpdateStaffAccountDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
  ): Promise<StaffAccountAdminView> {
    return toStaffAccountAdminView(await this.accounts.update(id, body, actorOf(request)));
  }

  @Post(':id/password-reset')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({
    summary:
      "Reset another account's password: its sessions end and its st_ tokens are revoked. Without SMTP_URL, " +
      'a one-time password (shown this once) the account must replace at its next sign-in; with SMTP_URL, ' +
      "a link to choose one (valid one hour, once) is mailed to the account's address",
  })
  @ApiOkResponse({ type: TemporaryPasswordView, description: 'No SMTP_URL: the one-time password' })
  @ApiAcceptedResponse({ type: ResetLinkSentView, description: 'SMTP_URL set: the link was sent' })
  @ApiErrors({
    400: [OWN_RESET],
    404: ['Not found'],
    409: [DISABLED_ACCOUNT],
    502: [RESET_MAIL_FAILED],
  })
  async resetPassword(
    @Param('id') id: string,
    @Req() request: StaffRequest<StaffAccountEntity>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TemporaryPasswordView | ResetLinkSentView> {
    const reset = await this.passwords.adminReset(id, actorOf(request));
    if ('sentTo' in reset) {
      void reply.status(HttpStatus.ACCEPTED);
      return { sent_to: reset.sentTo };
    }
    return { temporary_password: reset.temporaryPassword };
  }
}
