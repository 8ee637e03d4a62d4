import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, ValidateBy } from 'class-validator';
import { Required } from '../../../http/validation/contract-fields';
import { PRIORITIES } from '../../lifecycle/submission-priority';
import { SETTABLE_STATUSES } from '../../lifecycle/submission-state';
import { MAX_TAG_LENGTH, MAX_TAGS, TAG_PATTERN } from '../../lifecycle/submission-tags';

/** At most this many submissions in one bulk change (the contract's limit). */
export const MAX_BULK_IDS = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 1-500 submission ids, each a UUID, none twice in any letter case. */
export function isBulkIdList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_BULK_IDS &&
    value.every((id) => typeof id === 'string' && UUID.test(id)) &&
    new Set(value.map((id: string) => id.toLowerCase())).size === value.length
  );
}

const TAG_LIST = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: MAX_TAG_LENGTH, pattern: TAG_PATTERN },
  maxItems: MAX_TAGS,
} as const;

/** The one change a bulk request applies to every row (at least one field). */
export class BulkChangeFieldsDto {
  @ApiPropertyOptional({ enum: SETTABLE_STATUSES, description: 'Any status but `merged`, which only a merge sets' })
  status?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'A staff account id, or null to unassign',
  })
  assignee_id?: string | null;

  @ApiPropertyOptional({
    ...TAG_LIST,
    example: ['billing'],
    description: 'Labels each row gains (kept once, in any letter case)',
  })
  add_tags?: string[];

  @ApiPropertyOptional({
    ...TAG_LIST,
    example: ['later'],
    description: 'Labels each row loses (compared in any letter case)',
  })
  remove_tags?: string[];

  @ApiPropertyOptional({ enum: PRIORITIES })
  priority?: string;
}

/** POST /staff/api/submissions/bulk. */
export class BulkChangeDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: 1,
    maxItems: MAX_BULK_IDS,
    uniqueItems: true,
    description: 'The submissions to change: 1-500 ids, none twice',
  })
  @Required()
  @ValidateBy({ name: 'bulkIds', validator: { validate: isBulkIdList } })
  ids!: string[];

  @ApiProperty({
    type: BulkChangeFieldsDto,
    description: 'One change for every row, under the rules of one PATCH (at least one field)',
  })
  @Required()
  @IsObject()
  change!: Record<string, unknown>;
}
