import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { MaxCodePoints, Required, Trimmed, WellFormedUnicode } from '../../http/validation/contract-fields';
import { PRIORITIES } from '../../submissions/lifecycle/submission-priority';
import { isTag } from '../../submissions/lifecycle/submission-tags';
import { businessHoursProblem } from '../business-calendar';
import { BUSINESS_HOURS_SCHEMA, SCOPE_SCHEMA } from './sla-policy.views';

/** A name is one line: no control character at all. */
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A year of minutes: a longer promise is a mistake, and bounds how far a due time is looked for. */
export const MAX_TARGET_MINUTES = 525_600;
const MAX_SCOPE_ITEMS = 100;
/** At most this many custom fields in `applies_to.fields` (a key has at most 50). */
export const MAX_SCOPE_FIELDS = 50;
const FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** A select's option is at most 100 characters (custom-fields/): a longer value can match nothing. */
const MAX_FIELD_VALUE = 100;

/**
 * `{<name>: <value>}`: custom fields' names, each a text (an option) or true/false (a checkbox). Read
 * with Object.entries: `__proto__` and `constructor` are names like any other (and the first is no
 * valid name).
 */
function isScopeFields(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return (
    entries.length <= MAX_SCOPE_FIELDS &&
    entries.every(
      ([name, item]) =>
        FIELD_NAME.test(name) &&
        (typeof item === 'boolean' ||
          (typeof item === 'string' &&
            item.trim() !== '' &&
            item.isWellFormed() &&
            [...item].length <= MAX_FIELD_VALUE)),
    )
  );
}

/** Only an absent field skips the checks of a change. */
const present = (_object: unknown, value: unknown) => value !== undefined;

/**
 * `{api_key_ids?, priorities?, tags?, fields?}`: each an array (at most 100) of ids, priorities or
 * labels, and custom fields' values (isScopeFields).
 */
export function isPolicyScope(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const { fields, ...lists } = value as Record<string, unknown>;
  if (fields !== undefined && !isScopeFields(fields)) {
    return false;
  }
  const allowed: Record<string, (item: unknown) => boolean> = {
    api_key_ids: (item) => typeof item === 'string' && UUID.test(item),
    priorities: (item) => typeof item === 'string' && (PRIORITIES as readonly string[]).includes(item),
    tags: isTag,
  };
  return Object.entries(lists).every(
    ([key, items]) =>
      Object.hasOwn(allowed, key) &&
      Array.isArray(items) &&
      items.length <= MAX_SCOPE_ITEMS &&
      items.every((item) => allowed[key](item)),
  );
}

const isBusinessHours = (value: unknown) => value === null || businessHoursProblem(value) === null;
/** A target: whole minutes, 1 to a year, or null for no such target. */
const TARGET_DESCRIPTION =
  'Business minutes (1 to 525600, and no more than ten years of the business hours hold), or null for no such ' +
  'target; at least one of the two is set';

/** POST /staff/api/sla-policies. */
export class CreateSlaPolicyDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Business hours, urgent' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(100)
  @WellFormedUnicode()
  @Matches(ONE_LINE)
  name!: string;

  @ApiProperty({
    description: 'Policies are tried by position, lowest first; the first that matches applies',
    example: 10,
  })
  @Required()
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  position!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: MAX_TARGET_MINUTES,
    example: 60,
    description: TARGET_DESCRIPTION,
  })
  @ValidateIf(present)
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(1)
  @Max(MAX_TARGET_MINUTES)
  first_response_minutes!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: MAX_TARGET_MINUTES,
    example: 960,
    description: TARGET_DESCRIPTION,
  })
  @ValidateIf(present)
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(1)
  @Max(MAX_TARGET_MINUTES)
  resolution_minutes!: number | null;

  @ApiPropertyOptional({ ...BUSINESS_HOURS_SCHEMA, nullable: true })
  @ValidateIf(present)
  @ValidateBy({ name: 'businessHours', validator: { validate: isBusinessHours } })
  business_hours?: unknown;

  @ApiPropertyOptional(SCOPE_SCHEMA)
  @ValidateIf(present)
  @ValidateBy({ name: 'policyScope', validator: { validate: isPolicyScope } })
  applies_to?: unknown;
}

/**
 * PATCH /staff/api/sla-policies/:id: any of the fields, each checked as when adding (absent or null
 * name and position keep theirs; null targets and hours mean none, as when adding).
 */
export class UpdateSlaPolicyDto extends PartialType(CreateSlaPolicyDto) {}
