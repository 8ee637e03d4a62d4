import { Body, Controller, Get, HttpCode, HttpStatus, Param, Put, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { actorOf } from '../audit/actor';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { CustomFieldsService } from './custom-fields.service';
import { FieldsView, ReplaceFieldsDto } from './dto/field-definition.dto';

/** A key's custom fields: every staff member reads them, admins replace the list. */
@ApiTags('staff: custom fields')
@Controller(`${STAFF_API_PATH}/keys/:id/fields`)
export class CustomFieldsController {
  constructor(private readonly fields: CustomFieldsService) {}

  @Get()
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({ summary: "The key's custom fields (the current version)" })
  @ApiOkResponse({ type: FieldsView })
  @ApiErrors({ 404: ['Not found'] })
  view(@Param('id') id: string): Promise<FieldsView> {
    return this.fields.view(id);
  }

  @Put()
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({
    summary: "Replace the key's custom fields with this list (a new version, audited)",
    description:
      'A field left out is retired: its values stay, shown and exported as retired, and new submissions ' +
      "may not send it. A name keeps its type and `personal` for life. Clients' intake applies it within " +
      'API_KEY_CACHE_TTL.',
  })
  @ApiBody({ type: ReplaceFieldsDto })
  @ApiOkResponse({ type: FieldsView })
  @ApiErrors({
    400: [
      'Invalid JSON body',
      'Unknown field: x',
      'Missing field: fields',
      'Invalid field: fields',
      'Unknown field: fields[0].x',
      'Missing field: fields[0].name',
      'Invalid field: fields[0].name',
      'Invalid field: fields[0].type',
      'Invalid field: fields[0].options',
    ],
    404: ['Not found'],
  })
  replace(@Param('id') id: string, @Body() body: unknown, @Req() request: StaffRequest): Promise<FieldsView> {
    return this.fields.replace(id, body, actorOf(request));
  }
}
