import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsString, ValidateBy, ValidateIf } from 'class-validator';
import { CanonicalId, Optional } from '../../../http/validation/contract-fields';
import { PRIORITIES, Priority } from '../../lifecycle/submission-priority';
import { SETTABLE_STATUSES, WorkflowStatus } from '../../lifecycle/submission-state';
import { MAX_TAG_LENGTH, MAX_TAGS, normalizedTags, TAG_PATTERN } from '../../lifecycle/submission-tags';

/** PATCH /staff/api/submissions/:id: the workflow fields staff change. */
export class UpdateSubmissionDto {
  @ApiPropertyOptional({ enum: SETTABLE_STATUSES, description: 'Any status but `merged`, which only a merge sets' })
  @Optional()
  @IsString()
  @IsIn([...SETTABLE_STATUSES])
  status?: WorkflowStatus;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'A staff account id, or null to unassign' })
  // null is a value here (unassign), so only an absent field skips the check.
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null)
  @CanonicalId()
  assignee_id?: string | null;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: MAX_TAG_LENGTH, pattern: TAG_PATTERN },
    maxItems: MAX_TAGS,
    example: ['billing', 'VIP'],
    description:
      'The whole new list of labels ([] removes every one): each trimmed and in NFC, 1-40 characters, ' +
      'no comma or control character; duplicates in any letter case are folded into the first spelling',
  })
  // Only an absent field skips the check: null is not a list.
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined)
  @ValidateBy({ name: 'tags', validator: { validate: (value: unknown) => normalizedTags(value) !== null } })
  tags?: string[];

  @ApiPropertyOptional({ enum: PRIORITIES })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined)
  @IsString()
  @IsIn([...PRIORITIES])
  priority?: Priority;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { order_number: 'A-1001', product: 'Pro' },
    description:
      "Custom fields' new values by name (staff_only ones too); null or blank clears one (never a required " +
      "one: `Missing field: fields.<name>`); checked like the intake's (`Unknown field: fields.<name>`, " +
      '`Invalid field: fields.<name>`). Fields left out keep their values.',
  })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined)
  @IsObject()
  fields?: Record<string, unknown>;
}
