import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { sessionIdOf, staffTokenOf } from '../staff-accounts/staff-cookie';
import { StaffSessionView } from './dto/staff-session.view';
import { StaffSessionsAdminService } from './staff-sessions-admin.service';
import { actorOf } from '../audit/actor';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

/** Your signed-in sessions; each can be ended. */
@ApiTags('staff')
@Controller(STAFF_API_PATH)
export class StaffSessionsController {
  constructor(
    private readonly sessions: StaffSessionsAdminService,
    private readonly config: AppConfig,
  ) {}

  /** The caller's own session (none for a staff API token). */
  private currentOf(request: StaffRequest): string | undefined {
    return staffTokenOf(request) ? undefined : sessionIdOf(request, this.config);
  }

  @Get('me/sessions')
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({ summary: 'Your signed-in sessions, most recently used first (`current`: this one)' })
  @ApiOkResponse({ type: [StaffSessionView] })
  mine(@Req() request: StaffRequest): Promise<StaffSessionView[]> {
    return this.sessions.list(staffOf(request).id, this.currentOf(request));
  }

  @Delete('me/sessions/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('agent', { beforeSecondFactor: true })
  @ApiOperation({ summary: 'End one of your sessions: its next request is refused, in every API process' })
  @ApiNoContentResponse({ description: 'Ended' })
  @ApiErrors({ 404: ['Not found'] })
  async endMine(@Param('id') id: string, @Req() request: StaffRequest): Promise<void> {
    await this.sessions.end(staffOf(request).id, id, actorOf(request));
  }
}

/** Any account's signed-in sessions, for admins; each can be ended. */
@ApiTags('staff: administration')
@Controller(STAFF_API_PATH)
export class StaffSessionsAdminController {
  constructor(
    private readonly sessions: StaffSessionsAdminService,
    private readonly config: AppConfig,
  ) {}

  @Get('staff/:id/sessions')
  @StaffAuth('admin')
  @ApiOperation({ summary: "An account's signed-in sessions (admins)" })
  @ApiOkResponse({ type: [StaffSessionView] })
  @ApiErrors({ 404: ['Not found'] })
  ofAccount(@Param('id') id: string, @Req() request: StaffRequest): Promise<StaffSessionView[]> {
    const own = staffOf(request).id === id && !staffTokenOf(request);
    return this.sessions.list(id, own ? sessionIdOf(request, this.config) : undefined);
  }

  @Delete('staff/:id/sessions/:sid')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('admin')
  @ApiOperation({ summary: "End one of an account's sessions (admins)" })
  @ApiNoContentResponse({ description: 'Ended' })
  @ApiErrors({ 404: ['Not found'] })
  async endOfAccount(@Param('id') id: string, @Param('sid') sid: string, @Req() request: StaffRequest): Promise<void> {
    await this.sessions.end(id, sid, actorOf(request));
  }
}
