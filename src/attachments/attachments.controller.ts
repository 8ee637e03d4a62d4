import { Controller, Get, HttpCode, HttpStatus, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { contentDisposition, servedType } from './attachment-types';
import { AttachmentStore } from './attachment-store';
import { AttachmentDownloadQuery } from './dto/attachment-download.query';
import { ApiException } from '../http/api-exception';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

@ApiTags('staff: submissions')
@Controller(`${STAFF_API_PATH}/attachments`)
export class AttachmentsController {
  constructor(private readonly store: AttachmentStore) {}

  @Get(':id')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({
    summary: 'The exact bytes of a stored file, streamed, always as a download unless ?inline=1 for an image',
    description:
      "Content-Disposition: attachment with the UTF-8 name (filename*=UTF-8''...), X-Content-Type-Options: " +
      'nosniff and Content-Security-Policy: sandbox. A type a browser could run (HTML, SVG, XML, JavaScript, ' +
      'PDF, anything unknown) is served as application/octet-stream. inline=1 is allowed for a PNG, JPEG, GIF ' +
      'or WebP whose bytes are what it claims (inline_image in the timeline).',
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description: 'The bytes',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors({
    400: ['Invalid field: inline'],
    404: ['Not found'],
    409: ['Only an image whose bytes are what it claims is shown inline', 'The file cannot be decrypted: ...'],
  })
  async download(
    @Param('id') id: string,
    @Query() query: AttachmentDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { attachment, bytes } = await this.store.download(id);
    const inline = query.inline === '1';
    if (inline && !attachment.inlineImage) {
      bytes.destroy();
      throw new ApiException(HttpStatus.CONFLICT, 'Only an image whose bytes are what it claims is shown inline');
    }
    void reply.headers({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'private, no-store',
    });
    return new StreamableFile(bytes, {
      type: servedType(attachment.type, attachment.inlineImage),
      disposition: contentDisposition(attachment.name, inline),
      length: attachment.size,
    });
  }
}
