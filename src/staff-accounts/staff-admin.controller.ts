import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { NamedRefView } from '../http/openapi/named-ref.view';
import { CreateStaffAccountDto, UpdateStaffAccountDto } from './dto/staff-account-changes.dto';
import { CreatedStaffAccountView, StaffAccountAdminView, toStaffAccountAdminView } from './dto/staff-account.views';
import { actorOf, StaffRequest } from './guards/staff-auth.guard';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffAuth } from './staff-auth.decorators';

/** The `staff` commands over HTTP, for admins: the same service, so the same rules and audit events. */
@ApiTags('staff: administration')
@Controller(`${STAFF_API_PATH}/staff`)
export class StaffAdminController {
  constructor(private readonly accounts: StaffAccountsService) {}

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
  async create(@Body() body: CreateStaffAccountDto, @Req() request: StaffRequest): Promise<CreatedStaffAccountView> {
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
    @Req() request: StaffRequest,
  ): Promise<StaffAccountAdminView> {
    return toStaffAccountAdminView(await this.accounts.update(id, body, actorOf(request)));
  }
}
