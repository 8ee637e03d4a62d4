import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';
import { NoControlCharacters, Optional, Required, Trimmed } from '../../common/validation/contract-fields';

/** Digits, spaces and + - ( ) . / x: enough for every way people write numbers, nothing else. */
const PHONE_CHARACTERS = /^[0-9 +\-()./x]*$/;

/**
 * The body of POST /contact_api.php. Field order here is the order of "Invalid field" checks.
 * Values are trimmed before checks; what passes is what is stored.
 */
export class CreateSubmissionDto {
  @ApiProperty({ description: 'Name of the sender (trimmed)', minLength: 1, maxLength: 200, example: 'Ada Lovelace' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxLength(200)
  @NoControlCharacters()
  name!: string;

  @ApiPropertyOptional({
    description: 'E-mail address',
    maxLength: 254,
    format: 'email',
    nullable: true,
    example: 'ada@example.com',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(254)
  @IsEmail()
  @NoControlCharacters()
  email?: string | null;

  @ApiPropertyOptional({
    description: 'Telephone: digits, spaces and + - ( ) . / x',
    maxLength: 32,
    pattern: '^[0-9 +\\-()./x]*$',
    nullable: true,
    example: '+44 20 7946 0958',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(32)
  @Matches(PHONE_CHARACTERS)
  phone?: string | null;

  @ApiPropertyOptional({
    description: 'Business name',
    maxLength: 200,
    nullable: true,
    example: 'Analytical Engines Ltd',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(200)
  @NoControlCharacters()
  business?: string | null;

  @ApiPropertyOptional({
    description: 'Free text (tab, CR and LF allowed)',
    maxLength: 10000,
    nullable: true,
    example: 'Please call me back.',
  })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(10_000)
  @NoControlCharacters()
  message?: string | null;
}
