import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { ApiKeyService, mailSettingsOf } from './api-key.service';
import { CreateApiKeyDto, UpdateApiKeyDto } from './dto/api-key-changes.dto';
import { ApiKeyView, CreatedApiKeyView, toApiKeyView } from './dto/api-key.views';
import { actorOf } from '../audit/actor';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

/** The `keys` commands over HTTP, for admins: the same service, so the same rules and audit events. */
@ApiTags('staff: administration')
@Controller(`${STAFF_API_PATH}/keys`)
export class ApiKeysAdminController {
  constructor(private readonly apiKeys: ApiKeyService) {}

  @Get()
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Every API key (never the keys themselves)' })
  @ApiOkResponse({ type: [ApiKeyView] })
  async list(): Promise<ApiKeyView[]> {
    return (await this.apiKeys.list()).map(toApiKeyView);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Create a key; the answer is the only time the key is shown' })
  @ApiCreatedResponse({ type: CreatedApiKeyView })
  @ApiErrors({ 400: ['Missing field: name', 'Invalid field: rate_limit'] })
  async create(@Body() body: CreateApiKeyDto, @Req() request: StaffRequest): Promise<CreatedApiKeyView> {
    const { apiKey, key } = await this.apiKeys.create(
      body.name,
      { rateLimit: body.rate_limit, rateWindow: body.rate_window, rateBlock: body.rate_block },
      actorOf(request),
    );
    return { ...toApiKeyView(apiKey), key };
  }

  @Patch(':id')
  @StaffAuth('admin')
  @ApiOperation({
    summary:
      'Rename a key, change its limits, retention, reply sender, acknowledgement, spam filter or satisfaction survey (applied within API_KEY_CACHE_TTL)',
  })
  @ApiOkResponse({ type: ApiKeyView })
  @ApiErrors({
    400: [
      'Invalid field: rate_window',
      'Invalid field: reply_from',
      'Invalid field: auto_ack',
      'Invalid field: spam_filter',
      'Invalid field: csat',
      'Unknown field: x',
    ],
    404: ['Not found'],
  })
  async update(
    @Param('id') id: string,
    @Body() body: UpdateApiKeyDto,
    @Req() request: StaffRequest,
  ): Promise<ApiKeyView> {
    const apiKey = await this.apiKeys.update(
      id,
      {
        name: body.name,
        rateLimit: body.rate_limit,
        rateWindow: body.rate_window,
        rateBlock: body.rate_block,
        retentionDays: body.retention_days,
        spamFilter: body.spam_filter,
        csat: body.csat,
        ...mailSettingsOf(body),
      },
      actorOf(request),
    );
    return toApiKeyView(apiKey);
  }

  @Post(':id/revoke')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Revoke a key: its tokens stop working within API_KEY_CACHE_TTL' })
  @ApiOkResponse({ type: ApiKeyView })
  @ApiErrors({ 404: ['Not found'] })
  async revoke(@Param('id') id: string, @Req() request: StaffRequest): Promise<ApiKeyView> {
    return toApiKeyView((await this.apiKeys.revoke(id, actorOf(request))).apiKey);
  }
}
