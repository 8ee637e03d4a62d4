import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, IsUUID, ValidateIf } from 'class-validator';
import {
  MaxCodePoints,
  NoControlCharacters,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';

/** The most files one reply carries. */
export const REPLY_MAX_FILES = 10;

/** POST /staff/api/submissions/:id/replies. */
export class CreateReplyDto {
  @ApiProperty({ minLength: 1, maxLength: 20000, example: 'Thank you, we have sent the invoice again.' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(20000)
  @WellFormedUnicode()
  @NoControlCharacters()
  body!: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: REPLY_MAX_FILES,
    description:
      "Uploads of yours (POST /staff/api/uploads) sent as the mail's files: at most 10, REPLY_MAX_BYTES in all",
  })
  // Only an absent field skips the check: null is not a list.
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(REPLY_MAX_FILES)
  @IsUUID(undefined, { each: true })
  attachments?: string[];
}
