import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import {
  EmailAddress,
  MaxCodePoints,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';

/** POST /staff/api/privacy/export and /erase. */
export class EmailAddressDto {
  @ApiProperty({
    format: 'email',
    maxLength: 254,
    example: 'ada@example.com',
    description: 'Matched trimmed and without letter case; an address as intake takes it (the CLI takes any)',
  })
  // The rule intake applies to the address it stores, so every stored address can be named here.
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(254)
  @WellFormedUnicode()
  @EmailAddress()
  email!: string;
}

export class ErasureView {
  @ApiProperty({ description: 'Submissions erased' })
  erased!: number;
}

export class PersonalDataExportView {
  @ApiProperty()
  email!: string;

  @ApiProperty({ format: 'date-time' })
  exported_at!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Every submission with the address: its fields, notes, channel records and webhook deliveries',
  })
  submissions!: Record<string, unknown>[];
}
