import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PRIORITIES } from '../../submissions/lifecycle/submission-priority';
import { WEEKDAYS } from '../business-calendar';
import { SlaPolicyEntity, SlaPolicyScope } from '../entities/sla-policy.entity';
import type { BusinessHours } from '../business-calendar';

const INTERVALS: SchemaObject = {
  type: 'array',
  maxItems: 8,
  items: {
    type: 'array',
    minItems: 2,
    maxItems: 2,
    items: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' },
  },
  description: 'Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day',
};

/** `business_hours`' schema (the policy's view and its changes). */
export const BUSINESS_HOURS_SCHEMA = {
  type: 'object',
  description:
    'Null: around the clock. Otherwise the hours that count, in the IANA time zone (daylight-saving ' +
    'changes included); days absent or empty are closed, and so are the holidays (local dates)',
  properties: {
    time_zone: { type: 'string', example: 'Europe/Berlin' },
    week: {
      type: 'object',
      properties: Object.fromEntries(WEEKDAYS.map((day) => [day, INTERVALS])),
      additionalProperties: false,
      example: { mon: [['09:00', '17:00']], tue: [['09:00', '17:00']] },
    },
    holidays: { type: 'array', maxItems: 400, items: { type: 'string', format: 'date' }, example: ['2026-12-25'] },
  },
  required: ['time_zone', 'week'],
  additionalProperties: false,
} as ApiPropertyOptions;

/** `applies_to`'s schema. */
export const SCOPE_SCHEMA = {
  type: 'object',
  description:
    'Which submissions it applies to: every condition given must match (absent or empty: any). `tags`: ' +
    'carrying any one of them (any letter case). `fields`: custom fields, every one having the value given ' +
    "(a select's option, one of a multi_select's choices, a checkbox's true or false; exact, not personal " +
    'fields; some key must define each when the policy is written). Absent: every submission',
  properties: {
    api_key_ids: { type: 'array', maxItems: 100, items: { type: 'string', format: 'uuid' } },
    priorities: { type: 'array', maxItems: 100, items: { type: 'string', enum: [...PRIORITIES] } },
    tags: { type: 'array', maxItems: 100, items: { type: 'string' }, example: ['VIP'] },
    fields: {
      type: 'object',
      maxProperties: 50,
      description: "Custom fields' names (`^[a-z][a-z0-9_]{0,39}$`) and the value each must have",
      additionalProperties: { oneOf: [{ type: 'string', minLength: 1, maxLength: 100 }, { type: 'boolean' }] },
      example: { product: 'Pro' },
    },
  },
  additionalProperties: false,
} as ApiPropertyOptions;

/** An SLA policy as the staff API shows it. */
export class SlaPolicyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Business hours, urgent' })
  name!: string;

  @ApiProperty({ example: 10 })
  position!: number;

  @ApiProperty({ type: Number, nullable: true, example: 60 })
  first_response_minutes!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 960 })
  resolution_minutes!: number | null;

  @ApiProperty({ ...BUSINESS_HOURS_SCHEMA, nullable: true })
  business_hours!: BusinessHours | null;

  @ApiProperty(SCOPE_SCHEMA)
  applies_to!: SlaPolicyScope;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export function toSlaPolicyView(policy: SlaPolicyEntity): SlaPolicyView {
  return {
    id: policy.id,
    name: policy.name,
    position: policy.position,
    first_response_minutes: policy.firstResponseMinutes,
    resolution_minutes: policy.resolutionMinutes,
    business_hours: policy.businessHours,
    applies_to: policy.appliesTo,
    created_at: policy.createdAt.toISOString(),
    updated_at: policy.updatedAt.toISOString(),
  };
}
