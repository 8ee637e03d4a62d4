import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { PRIORITIES } from '../../submissions/lifecycle/submission-priority';
import { RuleEntity } from '../entities/rule.entity';
import {
  MAX_ACTIONS,
  MAX_CONDITIONS,
  MAX_LIST_ITEMS,
  MAX_OPEN_LIMIT,
  MAX_ROUND_ROBIN_AGENTS,
  RULE_ACTIONS,
  RULE_EVENTS,
  RULE_FIELDS,
  RULE_OPS,
  RULE_STATUSES,
  RuleActionSpec,
  RuleWhen,
} from '../rule-definition';

const CONDITION_VALUE = {
  oneOf: [
    { type: 'string', maxLength: 1000 },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', minItems: 1, maxItems: MAX_LIST_ITEMS, items: { type: 'string', maxLength: 1000 } },
    { type: 'array', minItems: 1, maxItems: MAX_LIST_ITEMS, items: { type: 'number' } },
  ],
  description:
    'A string (a UUID for api_key_id, a domain for email_domain, a label for tag, a priority or a status), ' +
    'true or false for spam (is and is_not only), and a list of such strings for matches_any_of. ' +
    '`contains` is for email_domain, subject, message and tag. A custom field (`field.<name>`) takes what its ' +
    'type holds: a text, an option, true or false (checkbox), a number, a date (`YYYY-MM-DD`), or a list of them',
};

/** A built-in field, or `field.<name>`: a custom field of the submission's key (issue 55). */
const CONDITION_FIELD = {
  anyOf: [
    { type: 'string', enum: [...RULE_FIELDS] },
    { type: 'string', pattern: '^field\\.[a-z][a-z0-9_]{0,39}$' },
  ],
  description:
    'A built-in field, or `field.<name>`: a custom field, which some key must define when the rule is written ' +
    '(a submission whose key has no value of it matches only is_not)',
};

/** `when`'s schema (a rule, its changes, and the rule test). */
export const WHEN_SCHEMA = {
  type: 'object',
  description:
    'The event, and the conditions that must all hold (none: every such event). is / is_not: equal (any ' +
    'letter case; tag: carries it or not; spam: whether the status is spam); contains: the text contains it; ' +
    'matches_any_of: is any of them (subject and message: contains any of them). On a custom field: is / is_not ' +
    '(a multi_select: one of its choices is it), contains (a text; a multi_select: one of its choices is it), ' +
    'matches_any_of (a text or long_text: has any of the words), greater_than / less_than (a number or a date only)',
  properties: {
    event: { type: 'string', enum: [...RULE_EVENTS] },
    conditions: {
      type: 'array',
      maxItems: MAX_CONDITIONS,
      items: {
        type: 'object',
        properties: {
          field: CONDITION_FIELD,
          op: { type: 'string', enum: [...RULE_OPS] },
          value: CONDITION_VALUE,
        },
        required: ['field', 'op', 'value'],
        additionalProperties: false,
      },
      example: [{ field: 'email_domain', op: 'is', value: 'example.com' }],
    },
  },
  required: ['event', 'conditions'],
  additionalProperties: false,
} as ApiPropertyOptions;

/**
 * `when` where it must be given: `required` above lists the object's own properties, which swagger
 * would otherwise read as the property itself being optional.
 */
export const REQUIRED_WHEN_SCHEMA = { ...WHEN_SCHEMA, selfRequired: true } as ApiPropertyOptions;

/** `then`'s schema. */
export const THEN_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_ACTIONS,
  description:
    'What the rule does, in order: assign (a staff id, or null to unassign), assign_round_robin ' +
    '(`{"agents": [ids], "max_open": n or null}`: the next agent in turn who is not away, not disabled and ' +
    'holds fewer than max_open new or open submissions; only an unassigned submission), add_tag (a label), ' +
    `set_priority (${PRIORITIES.join(', ')}), set_status (${RULE_STATUSES.join(', ')})`,
  items: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: [...RULE_ACTIONS] },
      value: {
        oneOf: [
          {
            type: 'string',
            nullable: true,
            description: 'A staff id (null: unassign), a label, a priority or a status',
          },
          {
            type: 'object',
            properties: {
              agents: {
                type: 'array',
                minItems: 1,
                maxItems: MAX_ROUND_ROBIN_AGENTS,
                items: { type: 'string', format: 'uuid' },
              },
              max_open: { type: 'integer', minimum: 1, maximum: MAX_OPEN_LIMIT, nullable: true },
            },
            required: ['agents', 'max_open'],
            additionalProperties: false,
          },
        ],
      },
    },
    required: ['action', 'value'],
    additionalProperties: false,
  },
  example: [{ action: 'add_tag', value: 'Partner' }],
} as ApiPropertyOptions;

/** A rule as the staff API shows it. */
export class RuleView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Tag partners' })
  name!: string;

  @ApiProperty({ example: 10 })
  position!: number;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty(REQUIRED_WHEN_SCHEMA)
  when!: RuleWhen;

  @ApiProperty(THEN_SCHEMA)
  then!: RuleActionSpec[];

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export function toRuleView(rule: RuleEntity): RuleView {
  return {
    id: rule.id,
    name: rule.name,
    position: rule.position,
    enabled: rule.enabled,
    when: { event: rule.event, conditions: rule.conditions },
    then: rule.actions,
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  };
}

/** POST /staff/api/rules/test's answer. */
export class RuleTestView {
  @ApiProperty({ description: 'Whether every condition holds for the submission as it is now' })
  matches!: boolean;

  @ApiProperty({
    type: [String],
    description: 'One sentence per condition: what it asks, yes or no, and what the submission has',
    example: ['email_domain is example.com: yes (example.com)'],
  })
  reasons!: string[];
}
