import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { Optional } from '../../http/validation/contract-fields';

/** GET /staff/api/attachments/:id. */
export class AttachmentDownloadQuery {
  @ApiPropertyOptional({
    enum: ['1', '0'],
    description: '1: show it in the page (only a PNG, JPEG, GIF or WebP whose bytes are what it claims; 409 otherwise)',
  })
  @Optional()
  @IsString()
  @IsIn(['1', '0'])
  inline?: '1' | '0';
}
