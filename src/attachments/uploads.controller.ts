import { Controller, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import { AppConfig } from '../config/app-config';
import { STAFF_UPLOADS_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { AttachmentStore } from './attachment-store';
import { toUploadView, UploadView } from './dto/attachment.views';
import { UploadQuery } from './dto/upload.query';
import { StaffRequest, staffOf } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

@ApiTags('staff: submissions')
@Controller(STAFF_UPLOADS_PATH)
export class UploadsController {
  constructor(
    private readonly store: AttachmentStore,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth()
  @ApiOperation({
    summary: 'Upload a file for a reply: the raw bytes as application/octet-stream, the name in ?name=',
    description:
      'Streamed and stored sealed like every file; it belongs to the uploader until one of their replies names ' +
      'it ("attachments": [id]); an upload no reply used is deleted after 24 hours. At most ATTACHMENT_MAX_BYTES.',
  })
  @ApiConsumes('application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({ type: UploadView })
  @ApiErrors({
    400: ['Missing field: name', 'Invalid field: name'],
    403: ['Forbidden: a staff write from a browser session must be sent as application/json'],
    409: ['The upload was removed while it was being sent: send it again'],
    413: ['A file may be at most 26214400 bytes (ATTACHMENT_MAX_BYTES)'],
    415: ['Unsupported Content-Type: expected application/octet-stream'],
  })
  async upload(@Query() query: UploadQuery, @Req() request: StaffRequest): Promise<UploadView> {
    // Refused before a byte is read when the sender says how large it is.
    if (Number(request.headers['content-length'] ?? 0) > this.config.attachments.maxBytes) {
      throw this.store.fileTooLarge();
    }
    // A body of no bytes never reaches the stream parser: an empty file.
    const body = (request.body as Readable | undefined) ?? Readable.from([]);
    return toUploadView(await this.store.upload(query.name, body, staffOf(request).id));
  }
}
