import { ApiPropertyOptional, IntersectionType, OmitType } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { CanonicalId, DateOrDateTime, Optional } from '../../../http/validation/contract-fields';
import { PageQuery } from '../../../http/validation/page-query';
import { TakesPrefixedMembers } from '../../../http/validation/prefixed-members';
import { PRIORITIES } from '../../lifecycle/submission-priority';
import { WORKFLOW_STATUSES } from '../../lifecycle/submission-state';
import { isTag, MAX_TAG_LENGTH, TAG_PATTERN } from '../../lifecycle/submission-tags';

const STATUS_LIST = new RegExp(`^(${WORKFLOW_STATUSES.join('|')})(,(${WORKFLOW_STATUSES.join('|')}))*$`);
const PRIORITY_LIST = new RegExp(`^(${PRIORITIES.join('|')})(,(${PRIORITIES.join('|')}))*$`);
const ASSIGNEE = /^(me|none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The query members of the custom field filters: `field.<name>`. */
export const FIELD_FILTER_PREFIX = 'field.';

/**
 * What the list, the counts and the export say of the custom field filters. OpenAPI 3.0 names every
 * parameter exactly, so members named by data are described here rather than as parameters.
 */
export const FIELD_FILTERS_DESCRIPTION =
  'Custom field filters, besides the parameters below: `field.<name>=<value>` for a select, multi_select ' +
  '(one of its choices is the value) or checkbox (`true` or `false`) field, and `field.<name>=<from>..<to>` ' +
  'for a number or date (`YYYY-MM-DD`) field, inclusive, either end left open (`5..`, `..2026-12-31`). ' +
  '`<name>` is a field of any API key, current or retired; a submission matches when its value does. ' +
  'Several filters all apply, with the other parameters. A name no key defines, a personal field, a ' +
  'text-like field, or a value that does not fit the type (a select value is at most 100 characters) is ' +
  '400 `Invalid field: field.<name>`.';

/** The filters of the staff list and the CSV export (query parameters). */
@TakesPrefixedMembers(FIELD_FILTER_PREFIX, 'fields')
export class SubmissionFilterQuery {
  @ApiPropertyOptional({ description: 'Comma list of workflow statuses', example: 'new,open' })
  @Optional()
  @IsString()
  @Matches(STATUS_LIST)
  status?: string;

  @ApiPropertyOptional({ description: '`me`, `none` or a staff account id' })
  @Optional()
  @IsString()
  @Matches(ASSIGNEE)
  assignee?: string;

  @ApiPropertyOptional({ description: 'Only submissions sent with this API key (its id)' })
  @Optional()
  @CanonicalId()
  api_key?: string;

  @ApiPropertyOptional({
    description:
      'Words matched in name, e-mail, business and message, or in one value of a custom text-like or select ' +
      'field (every word, as a prefix; FULLTEXT)',
    maxLength: 200,
  })
  @Optional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ description: 'Created at or after (ISO 8601 date or date-time)', example: '2026-11-01' })
  @Optional()
  @DateOrDateTime()
  from?: string;

  @ApiPropertyOptional({
    description: 'Created before the end of this date, or at or before this date-time (ISO 8601)',
    example: '2026-11-30',
  })
  @Optional()
  @DateOrDateTime()
  to?: string;

  @ApiPropertyOptional({
    description: 'Only submissions with this label (compared in any letter case)',
    minLength: 1,
    maxLength: MAX_TAG_LENGTH,
    pattern: TAG_PATTERN,
    example: 'billing',
  })
  @Optional()
  @ValidateBy({ name: 'tag', validator: { validate: isTag } })
  tag?: string;

  @ApiPropertyOptional({ description: 'Comma list of priorities', example: 'high,urgent' })
  @Optional()
  @IsString()
  @Matches(PRIORITY_LIST)
  priority?: string;

  @ApiPropertyOptional({
    enum: ['true'],
    description: 'Only submissions whose service level was breached (first response or resolution)',
  })
  @Optional()
  @IsIn(['true'])
  breached?: 'true';

  /**
   * The `field.<name>` members by name, as sent (set by the pipe, see TakesPrefixedMembers; not a
   * parameter of its own: `fields=` is an unknown member). StaffSubmissionFilter checks them.
   */
  fields?: ReadonlyMap<string, unknown>;
}

/** The list's order: what `sort` takes. */
export const SUBMISSION_ORDERS = ['newest', 'due'] as const;

/** How the list is ordered. */
class SubmissionSortQuery {
  @ApiPropertyOptional({
    enum: SUBMISSION_ORDERS,
    default: 'newest',
    description:
      '`newest` first (the default), or `due`: the earliest due target of the service level first ' +
      '(breached ones before the rest), then those without one, oldest first',
  })
  @Optional()
  @IsIn(SUBMISSION_ORDERS)
  sort?: (typeof SUBMISSION_ORDERS)[number];
}

/** The list: filters, order, page size and the cursor of the previous page. */
@TakesPrefixedMembers(FIELD_FILTER_PREFIX, 'fields')
export class SubmissionListQuery extends IntersectionType(SubmissionFilterQuery, SubmissionSortQuery, PageQuery) {}

/** The counts per status: the list's filters but the status itself (each status is counted). */
@TakesPrefixedMembers(FIELD_FILTER_PREFIX, 'fields')
export class SubmissionCountsQuery extends OmitType(SubmissionFilterQuery, ['status'] as const) {}
