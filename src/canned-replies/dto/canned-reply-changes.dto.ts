import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, ValidateIf } from 'class-validator';
import {
  MaxCodePoints,
  NoControlCharacters,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';
import { BODY_EXAMPLE, PLACEHOLDERS } from './canned-reply.views';

/** A title is one line: no control character at all. */
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;

/** Only an absent field skips the checks of a change: null or "" is no title or body. */
const present = (_object: unknown, value: unknown) => value !== undefined;

/** POST /staff/api/canned-replies. */
export class CreateCannedReplyDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Invoice sent again' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(100)
  @WellFormedUnicode()
  @Matches(ONE_LINE)
  title!: string;

  @ApiProperty({ minLength: 1, maxLength: 20000, example: BODY_EXAMPLE, description: PLACEHOLDERS })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(20000)
  @WellFormedUnicode()
  @NoControlCharacters()
  body!: string;
}

/** PATCH /staff/api/canned-replies/:id: either field or both. */
export class UpdateCannedReplyDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @Trimmed()
  @ValidateIf(present)
  @IsString()
  @IsNotEmpty()
  @MaxCodePoints(100)
  @WellFormedUnicode()
  @Matches(ONE_LINE)
  title?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 20000, description: PLACEHOLDERS })
  @Trimmed()
  @ValidateIf(present)
  @IsString()
  @IsNotEmpty()
  @MaxCodePoints(20000)
  @WellFormedUnicode()
  @NoControlCharacters()
  body?: string;
}
