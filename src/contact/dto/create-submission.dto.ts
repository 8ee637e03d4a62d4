import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';
import { NoControlCharacters, Optional, Required, Trimmed } from '../../common/validation/contract-fields';

/** Digits, spaces and + - ( ) . / x: enough for every way people write numbers, nothing else. */
const PHONE_CHARACTERS = /^[0-9 +\-()./x]*$/;

/**
 * The body of POST /contact_api.php. Field order here is the order of "Invalid field" checks.
 * Values are trimmed before checks; what passes is what is stored.
 */
export class CreateSubmissionDto {
  @Trimmed()
  @Required()
  @IsString()
  @MaxLength(200)
  @NoControlCharacters()
  name!: string;

  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(254)
  @IsEmail()
  @NoControlCharacters()
  email?: string | null;

  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(32)
  @Matches(PHONE_CHARACTERS)
  phone?: string | null;

  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(200)
  @NoControlCharacters()
  business?: string | null;

  @Trimmed()
  @Optional()
  @IsString()
  @MaxLength(10_000)
  @NoControlCharacters()
  message?: string | null;
}
