import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import {
  MaxCodePoints,
  NoControlCharacters,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';

/** POST /staff/api/uploads?name=. */
export class UploadQuery {
  @ApiProperty({
    minLength: 1,
    maxLength: 255,
    example: 'invoice-2026-11.pdf',
    description: 'The file name, without a path',
  })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(255)
  @WellFormedUnicode()
  @NoControlCharacters()
  @Matches(/^[^/\\]+$/)
  name!: string;
}
