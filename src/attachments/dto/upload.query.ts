import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import {
  CONTROL_OR_BIDI_CHARACTERS,
  MaxCodePoints,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';

/**
 * A file name: no path separator, and nothing that makes it read as another name or line (control and
 * bidirectional characters, CR and LF: see CONTROL_OR_BIDI_CHARACTERS).
 */
const FILE_NAME_PATTERN = `^[^/\\\\${CONTROL_OR_BIDI_CHARACTERS}]+$`;

/** POST /staff/api/uploads?name=. */
export class UploadQuery {
  @ApiProperty({
    minLength: 1,
    maxLength: 255,
    pattern: FILE_NAME_PATTERN,
    example: 'invoice-2026-11.pdf',
    description: 'The file name, without a path, control characters (tab, CR, LF too) or bidirectional controls',
  })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(255)
  @WellFormedUnicode()
  @Matches(new RegExp(FILE_NAME_PATTERN))
  name!: string;
}
