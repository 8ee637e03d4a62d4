import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Required } from '../../http/validation/contract-fields';

/** POST /staff/api/privacy/export and /erase. */
export class EmailAddressDto {
  @ApiProperty({ example: 'ada@example.com', description: 'Matched trimmed and without letter case' })
  @Required()
  @IsString()
  @MaxLength(254)
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
