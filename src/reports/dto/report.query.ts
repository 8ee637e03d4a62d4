import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, ValidateBy } from 'class-validator';
import { CanonicalId, isCalendarDate, Optional, Required } from '../../http/validation/contract-fields';
import { isTag, MAX_TAG_LENGTH, TAG_PATTERN } from '../../submissions/lifecycle/submission-tags';

export const REPORT_INTERVALS = ['day', 'week'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
const ASSIGNEE = /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** A custom field's name (custom-fields/). */
const FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;
const isDate = (value: unknown) => typeof value === 'string' && isCalendarDate(value);

/** GET /staff/api/reports. */
export class ReportQuery {
  @ApiProperty({
    format: 'date',
    example: '2026-01-01',
    description: 'First day (UTC), inclusive; today at the latest',
  })
  @Required()
  @ValidateBy({ name: 'calendarDate', validator: { validate: isDate } })
  from!: string;

  @ApiProperty({
    format: 'date',
    example: '2026-12-31',
    description:
      'Last day (UTC), inclusive; at most 1100 days after `from` (366 by day). A period ending after today ends ' +
      "today (the answer's `to` says so); one starting after today is refused",
  })
  @Required()
  @ValidateBy({ name: 'calendarDate', validator: { validate: isDate } })
  to!: string;

  @ApiPropertyOptional({
    enum: REPORT_INTERVALS,
    default: 'week',
    description: 'Buckets: UTC days, or ISO weeks (from Monday)',
  })
  @Optional()
  @IsIn(REPORT_INTERVALS)
  interval?: ReportInterval;

  @ApiPropertyOptional({ description: 'Only submissions sent with this API key (its id)' })
  @Optional()
  @CanonicalId()
  api_key_id?: string;

  @ApiPropertyOptional({
    description: 'Only submissions carrying this label (any letter case)',
    minLength: 1,
    maxLength: MAX_TAG_LENGTH,
    pattern: TAG_PATTERN,
  })
  @Optional()
  @ValidateBy({ name: 'tag', validator: { validate: isTag } })
  tag?: string;

  @ApiPropertyOptional({ description: 'A staff account id, or `none` for unassigned submissions' })
  @Optional()
  @IsString()
  @Matches(ASSIGNEE)
  assignee_id?: string;

  @ApiPropertyOptional({
    description:
      'A custom field of type select (not personal): adds `by_field`, the figures by its value. Counted from ' +
      'the submissions of the keys that define it so (of `api_key_id` when given), narrowed by the other filters',
    pattern: FIELD_NAME.source,
    example: 'product',
  })
  @Optional()
  @IsString()
  @Matches(FIELD_NAME)
  field?: string;
}
