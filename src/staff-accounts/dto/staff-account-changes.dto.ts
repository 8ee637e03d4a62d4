import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import {
  EmailAddress,
  MaxCodePoints,
  Optional,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';
import { MIN_PASSWORD_LENGTH } from '../passwords';
import { STAFF_ROLES } from '../../staff-auth/staff-admission';

/** POST /staff/api/staff. Without `password` one is generated and shown once. */
export class CreateStaffAccountDto {
  @ApiProperty({ example: 'grace@example.com' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxLength(254)
  @EmailAddress()
  email!: string;

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Grace Hopper' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(200)
  @WellFormedUnicode()
  name!: string;

  @ApiProperty({ enum: STAFF_ROLES })
  @Required()
  @IsString()
  @IsIn([...STAFF_ROLES])
  role!: string;

  // The length rule is the service's, so HTTP and the CLI refuse a short password with one message.
  @ApiPropertyOptional({ minLength: MIN_PASSWORD_LENGTH, description: 'Generated when absent' })
  @Optional()
  @IsString()
  @MaxLength(1024)
  password?: string;
}

/** PATCH /staff/api/staff/:id. */
export class UpdateStaffAccountDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxCodePoints(200)
  @WellFormedUnicode()
  name?: string;

  @ApiPropertyOptional({ enum: STAFF_ROLES })
  @Optional()
  @IsString()
  @IsIn([...STAFF_ROLES])
  role?: string;

  @ApiPropertyOptional({ description: "true ends the account's sessions and tokens within seconds" })
  @Optional()
  @IsBoolean()
  disabled?: boolean;
}

/** PATCH /staff/api/me: what the holder changes of their own account. */
export class UpdateOwnAccountDto {
  @ApiProperty({
    description: 'Away: round-robin assignment (rules) passes over this account until it is back (false)',
  })
  @Required()
  @IsBoolean()
  away!: boolean;
}
