import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/app-config';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { FOREIGN_ORIGIN, NOT_JSON } from '../staff-accounts/staff-writes';
import { credentialOf } from '../staff-accounts/staff-cookie';
import { ViewersView } from './dto/viewers.view';
import { ViewingDto } from './dto/viewing.dto';
import { LIVE_UNAVAILABLE, LiveStream, RECONNECT_HINT_MS, TOO_MANY_STREAMS } from './live-stream.service';
import { PresenceService } from './presence.service';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

const STREAM_EXAMPLE = [
  `retry: ${RECONNECT_HINT_MS}`,
  ': connected',
  '',
  'data: {"type":"submission.created","id":"01a20093-2c13-73ce-ba5f-bebabadb9343"}',
  '',
  'data: {"type":"submission.changed","id":"01a20093-2c13-73ce-ba5f-bebabadb9343","version":3}',
  '',
  ': heartbeat',
  '',
].join('\n');

/** The live console: the event stream, and who has which submission open (any signed-in staff member). */
@ApiTags('staff: live')
@Controller(STAFF_API_PATH)
export class LiveController {
  constructor(
    private readonly stream: LiveStream,
    private readonly presence: PresenceService,
    private readonly config: AppConfig,
  ) {}

  @Get('stream')
  @StaffAuth()
  @ApiOperation({
    summary:
      'Server-sent events: `data: {"type","id","version"?}` for submission.created, submission.changed, ' +
      'submission.message_received and presence (ids only: reload through the API); a comment line every ' +
      'LIVE_HEARTBEAT_INTERVAL seconds; ends when the session ends or the server stops (reconnect after `retry:`); ' +
      'an account holds at most STAFF_MAX_STREAMS open streams across the API processes (one more: 429)',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'An event stream that stays open',
    content: { 'text/event-stream': { schema: { type: 'string' }, example: STREAM_EXAMPLE } },
  })
  @ApiErrors({ 429: ['Too many requests', TOO_MANY_STREAMS], 503: [LIVE_UNAVAILABLE] })
  async events(@Req() request: StaffRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const body = await this.stream.open(staffOf(request).id, credentialOf(request, this.config), reply.raw);
    // Never cached or buffered on the way (X-Accel-Buffering: nginx's proxy buffering).
    void reply.header('Cache-Control', 'no-cache, no-store').header('X-Accel-Buffering', 'no');
    return new StreamableFile(body, { type: 'text/event-stream; charset=utf-8' });
  }

  @Get('submissions/:id/viewing')
  @StaffAuth()
  @ApiOperation({ summary: 'Who else has this submission open' })
  @ApiOkResponse({ type: ViewersView })
  @ApiErrors({ 404: ['Not found'] })
  async viewers(@Param('id') id: string, @Req() request: StaffRequest): Promise<ViewersView> {
    return { viewers: await this.presence.viewers(id, staffOf(request).id) };
  }

  @Post('submissions/:id/viewing')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({
    summary:
      'I have this submission open (`viewing: true`, renewed every 20 s; it lapses after 45 s) or I left it ' +
      '(`false`); answers who else has it open. Arrivals and departures are `presence` events on the stream',
  })
  @ApiOkResponse({ type: ViewersView })
  @ApiErrors({
    400: ['Missing field: viewing', 'Invalid field: viewing'],
    403: [FOREIGN_ORIGIN, NOT_JSON],
    404: ['Not found'],
  })
  async viewing(@Param('id') id: string, @Body() body: ViewingDto, @Req() request: StaffRequest): Promise<ViewersView> {
    return { viewers: await this.presence.mark(id, staffOf(request).id, body.viewing) };
  }
}
