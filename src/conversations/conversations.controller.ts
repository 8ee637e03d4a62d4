import { Body, Controller, Headers, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiException } from '../http/api-exception';
import { STAFF_API_PATH } from '../http/contract-paths';
import { versionsOfIfMatch } from '../http/etag';
import { ApiErrors } from '../http/openapi/api-responses';
import { ConversationReplies } from './conversation-replies.service';
import { MessageView, TimelineItemView } from './dto/conversation.views';
import { CreateReplyDto } from './dto/create-reply.dto';
import { MessageRetries } from './message-retries.service';
import { actorOf } from '../audit/actor';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

@ApiTags('staff: submissions')
// The detail's `timeline` (contributed through SubmissionDetailSections) names this schema.
@ApiExtraModels(TimelineItemView)
@Controller(STAFF_API_PATH)
export class ConversationsController {
  constructor(
    private readonly replies: ConversationReplies,
    private readonly retries: MessageRetries,
  ) {}

  @Post('submissions/:id/replies')
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth()
  @ApiOperation({
    summary: 'Answer the requester by e-mail: stored, then sent through the queue; requires If-Match',
  })
  @ApiHeader({ name: 'If-Match', required: true, description: 'The ETag of the version the reply answers' })
  @ApiCreatedResponse({ type: MessageView })
  @ApiErrors({
    400: [
      'Missing field: body',
      'Invalid field: body',
      'Invalid field: attachments',
      'Invalid field: attachments (an upload of yours not yet sent)',
    ],
    404: ['Not found'],
    409: [
      'Submission is merged',
      'No e-mail address to reply to',
      'Replies need SMTP_URL: the service has no way to send mail',
    ],
    412: ['Submission changed; reload it'],
    428: ['If-Match required'],
  })
  reply(
    @Param('id') id: string,
    @Body() body: CreateReplyDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: StaffRequest,
  ): Promise<MessageView> {
    const versions = versionsOfIfMatch(ifMatch);
    if (versions === null) {
      throw new ApiException(HttpStatus.PRECONDITION_REQUIRED, 'If-Match required');
    }
    return this.replies.reply(
      id,
      body.body,
      versions,
      { ...actorOf(request), id: staffOf(request).id },
      body.attachments,
    );
  }

  @Post('messages/:id/retry')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({ summary: 'Send a failed message again' })
  @ApiOkResponse({ type: MessageView })
  @ApiErrors({ 404: ['Not found'], 409: ['Only a failed message can be sent again'] })
  retry(@Param('id') id: string, @Req() request: StaffRequest): Promise<MessageView> {
    return this.retries.retry(id, actorOf(request));
  }
}
