import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import {
  EmailAddress,
  MaxCodePoints,
  NoControlCharacters,
  Optional,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';

/** Digits, spaces and + - ( ) . / x: enough for every way people write numbers, nothing else. */
const PHONE_CHARACTERS = /^[0-9 +\-()./x]*$/;

/**
 * The body of POST /contact_api.php. Field order here is the order of "Invalid field" checks.
 * Values are trimmed before checks; what passes is what is stored. Lengths are Unicode code points, as
 * the utf8mb4 columns count them.
 */
export class CreateSubmissionDto {
  @ApiProperty({ description: 'Name of the sender (trimmed)', minLength: 1, maxLength: 200, example: 'Ada Lovelace' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(200)
  @WellFormedUnicode()
  @NoControlCharacters()
  name!: string;

  @ApiPropertyOptional({
    // `string | null` reflects as Object: say the type, so generated clients accept strings.
    type: String,
    description: 'E-mail address',
    maxLength: 254,
    format: 'email',
    nullable: true,
    example: 'ada@example.com',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxCodePoints(254)
  @WellFormedUnicode()
  @EmailAddress()
  @NoControlCharacters()
  email?: string | null;

  @ApiPropertyOptional({
    // `string | null` reflects as Object: say the type, so generated clients accept strings.
    type: String,
    description: 'Telephone: digits, spaces and + - ( ) . / x',
    maxLength: 32,
    pattern: '^[0-9 +\\-()./x]*$',
    nullable: true,
    example: '+44 20 7946 0958',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxCodePoints(32)
  @WellFormedUnicode()
  @Matches(PHONE_CHARACTERS)
  @NoControlCharacters()
  phone?: string | null;

  @ApiPropertyOptional({
    // `string | null` reflects as Object: say the type, so generated clients accept strings.
    type: String,
    description: 'Business name',
    maxLength: 200,
    nullable: true,
    example: 'Analytical Engines Ltd',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxCodePoints(200)
  @WellFormedUnicode()
  @NoControlCharacters()
  business?: string | null;

  @ApiPropertyOptional({
    // `string | null` reflects as Object: say the type, so generated clients accept strings.
    type: String,
    description: 'Free text (tab, CR and LF allowed)',
    maxLength: 10000,
    nullable: true,
    example: 'Please call me back.',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxCodePoints(10_000)
  @WellFormedUnicode()
  @NoControlCharacters()
  message?: string | null;
}
