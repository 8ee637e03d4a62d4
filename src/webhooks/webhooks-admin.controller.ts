import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { DEFAULT_PAGE_SIZE } from '../http/validation/page-query';
import { AddWebhookDto, WebhookDeliveryQuery } from './dto/webhook-changes.dto';
import {
  toDeliveryView,
  toDestinationView,
  WebhookDeliveryView,
  WebhookDestinationView,
  WebhookDestinationWithSecretView,
} from './dto/webhook.views';
import { REPLAY_HOLD_MS, WebhooksService } from './webhooks.service';
import { actorOf } from '../audit/actor';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

export class WebhookDeliveryPageView {
  @ApiProperty({ type: [WebhookDeliveryView] })
  items!: WebhookDeliveryView[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** The `webhooks` commands over HTTP: destinations for admins, deliveries and replay for all staff. */
@ApiTags('staff: administration')
@Controller(STAFF_API_PATH)
export class WebhooksAdminController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('webhooks')
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Every webhook destination (never its secret)' })
  @ApiOkResponse({ type: [WebhookDestinationView] })
  async list(): Promise<WebhookDestinationView[]> {
    return (await this.webhooks.list()).map(toDestinationView);
  }

  @Post('webhooks')
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Add a destination; the answer is the only time its secret is shown' })
  @ApiCreatedResponse({ type: WebhookDestinationWithSecretView })
  @ApiErrors({ 400: ['Missing field: url', 'Invalid field: url (only http and https)', 'Invalid field: events'] })
  async add(@Body() body: AddWebhookDto, @Req() request: StaffRequest): Promise<WebhookDestinationWithSecretView> {
    const destination = await this.webhooks.add(
      { url: body.url, apiKeyId: body.api_key_id, events: body.events },
      actorOf(request),
    );
    return { ...toDestinationView(destination), secret: destination.secret };
  }

  @Delete('webhooks/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Remove a destination (its pending deliveries fail)' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors({ 403: ['Forbidden'], 404: ['Not found'] })
  async remove(@Param('id') id: string, @Req() request: StaffRequest): Promise<void> {
    await this.webhooks.remove(id, actorOf(request));
  }

  @Post('webhooks/:id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'A new secret; the old one signs beside it for WEBHOOK_SECRET_OVERLAP' })
  @ApiOkResponse({ type: WebhookDestinationWithSecretView })
  @ApiErrors({ 404: ['Not found'] })
  async rotate(@Param('id') id: string, @Req() request: StaffRequest): Promise<WebhookDestinationWithSecretView> {
    const destination = await this.webhooks.rotateSecret(id, actorOf(request));
    return { ...toDestinationView(destination), secret: destination.secret };
  }

  @Post('webhooks/:id/enable')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Enable a destination again (after a 410, say)' })
  @ApiOkResponse({ type: WebhookDestinationView })
  @ApiErrors({ 404: ['Not found'] })
  async enable(@Param('id') id: string, @Req() request: StaffRequest): Promise<WebhookDestinationView> {
    return toDestinationView(await this.webhooks.setEnabled(id, true, actorOf(request)));
  }

  @Get('deliveries')
  @StaffAuth()
  @ApiOperation({ summary: 'Webhook deliveries newest first with their attempts (status=failed: what needs a replay)' })
  @ApiOkResponse({ type: WebhookDeliveryPageView })
  @ApiErrors({ 400: ['Invalid field: status', 'Unknown field: x'] })
  listDeliveries(@Query() query: WebhookDeliveryQuery): Promise<WebhookDeliveryPageView> {
    return this.webhooks.listDeliveries(
      { status: query.status, destinationId: query.destination_id },
      query.cursor,
      query.limit ?? DEFAULT_PAGE_SIZE,
    );
  }

  @Post('deliveries/:id/replay')
  @HttpCode(HttpStatus.ACCEPTED)
  @StaffAuth()
  @ApiOperation({
    summary: 'Send a webhook delivery again now (one attempt)',
    description:
      `Refused (409) while the delivery is being attempted, and for ${REPLAY_HOLD_MS / 1000} seconds after a replay of it, ` +
      'however soon that replay finished: replays sent together or in quick succession send once.',
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryView })
  @ApiErrors({
    404: ['Not found'],
    409: ['Delivery is still being attempted', `Delivery was replayed less than ${REPLAY_HOLD_MS / 1000} seconds ago`],
  })
  async replay(@Param('id') id: string, @Req() request: StaffRequest): Promise<WebhookDeliveryView> {
    return toDeliveryView(await this.webhooks.replay(id, actorOf(request)), []);
  }
}
