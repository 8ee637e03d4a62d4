import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import {
  MaxCodePoints,
  NoControlCharacters,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../../http/validation/contract-fields';

/** POST /staff/api/submissions/:id/notes. */
export class CreateNoteDto {
  @ApiProperty({ minLength: 1, maxLength: 10000, example: 'Called back; waiting for the invoice number.' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(10000)
  @WellFormedUnicode()
  @NoControlCharacters()
  body!: string;
}
