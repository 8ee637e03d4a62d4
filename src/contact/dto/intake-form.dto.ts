import { ApiProperty } from '@nestjs/swagger';
import { FieldDefinitionDto } from '../../custom-fields/dto/field-definition.dto';

/** GET /contact_api.php: what a client system builds its form from. */
export class IntakeFormDto {
  @ApiProperty({ enum: ['success'] })
  status!: 'success';

  @ApiProperty({
    type: [FieldDefinitionDto],
    description: 'The fields the key takes in `fields`, in order (never staff_only ones)',
  })
  fields!: FieldDefinitionDto[];

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema 2020-12 of the POST body (part one fields and `fields`)',
  })
  schema!: Record<string, unknown>;
}
