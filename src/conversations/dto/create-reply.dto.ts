import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import {
  MaxCodePoints,
  NoControlCharacters,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';

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
}
