import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { CreateSlaPolicyDto, UpdateSlaPolicyDto } from './dto/sla-policy-changes.dto';
import { SlaPolicyView, toSlaPolicyView } from './dto/sla-policy.views';
import {
  FIRST_RESPONSE_TOO_FAR,
  NO_SLA_TARGET,
  RESOLUTION_TOO_FAR,
  SLA_NAME_TAKEN,
  SlaPoliciesService,
  TOO_MANY_SLA_POLICIES,
} from './sla-policies.service';
import { actorOf } from '../audit/actor';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

const FIELD_ERRORS = [
  'Invalid field: name',
  'Invalid field: position',
  'Invalid field: first_response_minutes',
  'Invalid field: resolution_minutes',
  'Invalid field: business_hours',
  'Invalid field: applies_to',
  NO_SLA_TARGET,
  FIRST_RESPONSE_TOO_FAR,
  RESOLUTION_TOO_FAR,
  'Unknown field: x',
];

/** SLA policies: admins write them, every staff member reads them (the console explains due times). */
@ApiTags('staff: service levels')
@Controller(`${STAFF_API_PATH}/sla-policies`)
export class SlaPoliciesController {
  constructor(private readonly policies: SlaPoliciesService) {}

  @Get()
  @StaffAuth()
  @ApiOperation({ summary: 'Every SLA policy, in the order they are tried (position, then name)' })
  @ApiOkResponse({ type: [SlaPolicyView] })
  async list(): Promise<SlaPolicyView[]> {
    return (await this.policies.list()).map(toSlaPolicyView);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth('admin')
  @ApiOperation({
    summary:
      'Add an SLA policy: first response and resolution targets in business minutes, its business hours and ' +
      'the submissions it applies to',
  })
  @ApiCreatedResponse({ type: SlaPolicyView })
  @ApiErrors({
    400: ['Missing field: name', 'Missing field: position', ...FIELD_ERRORS],
    409: [SLA_NAME_TAKEN, TOO_MANY_SLA_POLICIES],
  })
  async create(@Body() body: CreateSlaPolicyDto, @Req() request: StaffRequest): Promise<SlaPolicyView> {
    return toSlaPolicyView(await this.policies.create(body, actorOf(request)));
  }

  @Patch(':id')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({
    summary:
      'Change an SLA policy (the fields given); it applies to new submissions and to those whose priority or ' +
      'labels change from now on',
  })
  @ApiOkResponse({ type: SlaPolicyView })
  @ApiErrors({ 400: FIELD_ERRORS, 404: ['Not found'], 409: [SLA_NAME_TAKEN] })
  async update(
    @Param('id') id: string,
    @Body() body: UpdateSlaPolicyDto,
    @Req() request: StaffRequest,
  ): Promise<SlaPolicyView> {
    return toSlaPolicyView(await this.policies.update(id, body, actorOf(request)));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Delete an SLA policy (submissions keep the targets it set)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors({ 404: ['Not found'] })
  async remove(@Param('id') id: string, @Req() request: StaffRequest): Promise<void> {
    await this.policies.remove(id, actorOf(request));
  }
}
