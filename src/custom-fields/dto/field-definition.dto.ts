import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FIELD_TYPES, FieldType, MAX_FIELDS_PER_KEY, MAX_OPTIONS } from '../field-definitions';

/** One custom field of a key (the OpenAPI document's shape; the service parses bodies itself). */
export class FieldDefinitionDto {
  @ApiProperty({ pattern: '^[a-z][a-z0-9_]{0,39}$', example: 'order_number' })
  name!: string;

  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Order number' })
  label!: string;

  @ApiProperty({ enum: FIELD_TYPES })
  type!: FieldType;

  @ApiPropertyOptional({ default: false })
  required?: boolean;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    minItems: 1,
    maxItems: MAX_OPTIONS,
    description: 'select and multi_select: the choices (1-100, distinct, each 1-100 characters)',
  })
  options?: string[] | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'text (1-1000, the default) and long_text (1-10000, the default)',
  })
  max_length?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'number: the smallest value' })
  min?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'number: the largest value' })
  max?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500, description: 'A hint shown with the field' })
  help?: string | null;

  @ApiPropertyOptional({
    description:
      'Sealed with encryption at rest, erased and exported with the submission; not filterable. ' +
      'Default: true for text, long_text, email, phone and url. Fixed for the life of the name.',
  })
  personal?: boolean;

  @ApiPropertyOptional({
    default: false,
    description: 'Set by staff only: never sent by clients, never shown to the requester',
  })
  staff_only?: boolean;
}

export class ReplaceFieldsDto {
  @ApiProperty({ type: [FieldDefinitionDto], maxItems: MAX_FIELDS_PER_KEY })
  fields!: FieldDefinitionDto[];
}

export class FieldsView {
  @ApiProperty({ description: 'Every PUT makes a new version; 0: never defined' })
  version!: number;

  @ApiProperty({ type: [FieldDefinitionDto] })
  fields!: FieldDefinitionDto[];
}
