import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { CannedRepliesService, tooManyCannedReplies } from './canned-replies.service';
import { CreateCannedReplyDto, UpdateCannedReplyDto } from './dto/canned-reply-changes.dto';
import { CannedReplyView, toCannedReplyView } from './dto/canned-reply.views';
import { actorOf } from '../audit/actor';
import type { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

const TITLE_TAKEN = 'A canned reply with this title already exists';

/** Canned replies: every staff member reads, adds and edits; the author or an admin deletes. */
@ApiTags('staff: canned replies')
@Controller(`${STAFF_API_PATH}/canned-replies`)
export class CannedRepliesController {
  constructor(private readonly replies: CannedRepliesService) {}

  @Get()
  @StaffAuth()
  @ApiOperation({ summary: 'Every canned reply, by title' })
  @ApiOkResponse({ type: [CannedReplyView] })
  async list(): Promise<CannedReplyView[]> {
    return (await this.replies.list()).map(toCannedReplyView);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth()
  @ApiOperation({ summary: 'Add a canned reply (`{{name}}`, `{{ref}}`, `{{agent}}` are filled where it is inserted)' })
  @ApiCreatedResponse({ type: CannedReplyView })
  @ApiErrors({
    400: ['Missing field: title', 'Invalid field: title', 'Missing field: body', 'Invalid field: body'],
    403: ['Forbidden'],
    409: [TITLE_TAKEN, tooManyCannedReplies(500).message],
  })
  async create(
    @Body() body: CreateCannedReplyDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
  ): Promise<CannedReplyView> {
    return toCannedReplyView(await this.replies.create(body, staffOf(request), actorOf(request)));
  }

  @Patch(':id')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({ summary: 'Change the title and/or body of a canned reply' })
  @ApiOkResponse({ type: CannedReplyView })
  @ApiErrors({
    400: ['Invalid field: title', 'Invalid field: body', 'Unknown field: x'],
    403: ['Forbidden'],
    404: ['Not found'],
    409: [TITLE_TAKEN],
  })
  async update(
    @Param('id') id: string,
    @Body() body: UpdateCannedReplyDto,
    @Req() request: StaffRequest<StaffAccountEntity>,
  ): Promise<CannedReplyView> {
    return toCannedReplyView(await this.replies.update(id, body, actorOf(request)));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth()
  @ApiOperation({ summary: 'Delete a canned reply (its author or an admin)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors({
    403: ['Forbidden', 'Forbidden: only its author or an admin deletes a canned reply'],
    404: ['Not found'],
  })
  async remove(@Param('id') id: string, @Req() request: StaffRequest<StaffAccountEntity>): Promise<void> {
    await this.replies.remove(id, staffOf(request), actorOf(request));
  }
}
