import { NUMBER_LIMIT } from '../custom-fields/field-definitions';
import { codePointLength, isCalendarDate } from '../http/validation/contract-fields';
import { PRIORITIES } from '../submissions/lifecycle/submission-priority';
import { WORKFLOW_STATUSES } from '../submissions/lifecycle/submission-state';
import { isTag, tagSpelling } from '../submissions/lifecycle/submission-tags';

/** What a rule waits for: a new submission, a customer's mail on one, a change of its status. */
export const RULE_EVENTS = ['received', 'message_received', 'status_changed'] as const;
export type RuleEvent = (typeof RULE_EVENTS)[number];

export const RULE_FIELDS = [
  'api_key_id',
  'email_domain',
  'subject',
  'message',
  'tag',
  'priority',
  'status',
  'spam',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/**
 * A condition on a custom field of the submission's key (issue 55): `field.<name>`, the name as keys'
 * fields spell it. Which key defines it, and as what type, is asked when the rule is written
 * (rule-field-conditions.ts); the syntax is checked here.
 */
export type CustomFieldCondition = `field.${string}`;
export type ConditionField = RuleField | CustomFieldCondition;
const CUSTOM_FIELD = /^field\.([a-z][a-z0-9_]{0,39})$/;

/** The custom field a condition names (`field.product` -> `product`), or null for a built-in field. */
export function customFieldOf(field: string): string | null {
  return CUSTOM_FIELD.exec(field)?.[1] ?? null;
}

export function isCustomFieldCondition(field: ConditionField): field is CustomFieldCondition {
  return customFieldOf(field) !== null;
}

/** `greater_than` and `less_than` compare a custom number or date field only. */
export const RULE_OPS = ['is', 'is_not', 'contains', 'matches_any_of', 'greater_than', 'less_than'] as const;
export type RuleOp = (typeof RULE_OPS)[number];
const ORDER_OPS: ReadonlySet<RuleOp> = new Set(['greater_than', 'less_than']);

export const RULE_ACTIONS = ['assign', 'assign_round_robin', 'add_tag', 'set_priority', 'set_status'] as const;
export type RuleActionName = (typeof RULE_ACTIONS)[number];

/**
 * One condition as stored and shown: `{field, op, value}`; `value` is a list for `matches_any_of`. Numbers
 * are for custom number fields only.
 */
export interface RuleConditionSpec {
  field: ConditionField;
  op: RuleOp;
  value: string | number | boolean | string[] | number[];
}

export interface RuleWhen {
  event: RuleEvent;
  conditions: RuleConditionSpec[];
}

/** `assign_round_robin`'s value: the agents in turn, and how many new or open submissions each may hold. */
export interface RoundRobinValue {
  agents: string[];
  max_open: number | null;
}

export interface RuleActionSpec {
  action: RuleActionName;
  /** A staff id or null (assign), RoundRobinValue, a label, a priority or a status. */
  value: string | null | RoundRobinValue;
}

/** Bounds: rules are matched in memory at every intake, so their number and size are bounded. */
export const MAX_RULES = 100;
export const MAX_CONDITIONS = 20;
export const MAX_ACTIONS = 10;
export const MAX_LIST_ITEMS = 100;
export const MAX_TEXT_VALUE = 1000;
export const MAX_ROUND_ROBIN_AGENTS = 50;
export const MAX_OPEN_LIMIT = 100_000;
/**
 * The conditions as stored (JSON in a TEXT column of 65 535 bytes): the counts above allow more, and
 * lower-casing can lengthen a value, so a rule that would not fit is refused as its `when`, never a 500.
 */
export const MAX_STORED_CONDITIONS_BYTES = 65_535;

/** A status a rule may set: any the workflow has, except the one only a merge gives. */
export const RULE_STATUSES = (WORKFLOW_STATUSES as readonly string[]).filter((status) => status !== 'merged');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A domain as people write it after the `@`: letters, digits, dots, hyphens (IDNs as typed). */
const DOMAIN = /^[^\s@,\u0000-\u001F\u007F-\u009F]{1,253}$/;

/** Fields whose value is one of a few words: `contains` means nothing for them. */
const EXACT_FIELDS: ReadonlySet<RuleField> = new Set(['api_key_id', 'priority', 'status', 'spam']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasOnlyKeys = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).every((key) => keys.includes(key)) && keys.every((key) => Object.hasOwn(value, key));

const isText = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.isWellFormed() &&
  value.trim().length > 0 &&
  codePointLength(value) <= MAX_TEXT_VALUE;

/** One value of a field (a list's item for `matches_any_of`). */
function isFieldValue(field: RuleField, value: unknown): boolean {
  switch (field) {
    case 'api_key_id':
      return typeof value === 'string' && UUID.test(value);
    case 'email_domain':
      return typeof value === 'string' && DOMAIN.test(value.trim());
    case 'subject':
    case 'message':
      return isText(value);
    case 'tag':
      return isTag(value);
    case 'priority':
      return typeof value === 'string' && (PRIORITIES as readonly string[]).includes(value);
    case 'status':
      return typeof value === 'string' && (WORKFLOW_STATUSES as readonly string[]).includes(value);
    case 'spam':
      return typeof value === 'boolean';
  }
}

/** A number a custom number field could hold (see NUMBER_LIMIT). */
const isFieldNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= NUMBER_LIMIT;

/**
 * A condition on `field.<name>` as far as it can be told without the keys' fields: a text, a number or
 * true/false to be equal to; a text to be contained; a list of texts or of numbers; a number or a date
 * (`YYYY-MM-DD`) to compare with. Whether it suits the field's type is asked when the rule is written.
 */
function isCustomFieldValue(op: RuleOp, value: unknown): boolean {
  switch (op) {
    case 'is':
    case 'is_not':
      return isText(value) || isFieldNumber(value) || typeof value === 'boolean';
    case 'contains':
      return isText(value);
    case 'matches_any_of':
      return (
        Array.isArray(value) &&
        value.length >= 1 &&
        value.length <= MAX_LIST_ITEMS &&
        (value.every(isText) || value.every(isFieldNumber))
      );
    case 'greater_than':
    case 'less_than':
      return isFieldNumber(value) || (typeof value === 'string' && isCalendarDate(value));
  }
}

export function isRuleCondition(value: unknown): value is RuleConditionSpec {
  if (!isRecord(value) || !hasOnlyKeys(value, ['field', 'op', 'value'])) {
    return false;
  }
  const op = value.op as RuleOp;
  if (!(RULE_OPS as readonly unknown[]).includes(op)) {
    return false;
  }
  if (typeof value.field === 'string' && customFieldOf(value.field) !== null) {
    return isCustomFieldValue(op, value.value);
  }
  const field = value.field as RuleField;
  if (!(RULE_FIELDS as readonly unknown[]).includes(field) || ORDER_OPS.has(op)) {
    return false;
  }
  if (field === 'spam') {
    return (op === 'is' || op === 'is_not') && typeof value.value === 'boolean';
  }
  if (op === 'contains' && EXACT_FIELDS.has(field)) {
    return false;
  }
  if (op === 'matches_any_of') {
    const items = value.value;
    return (
      Array.isArray(items) &&
      items.length >= 1 &&
      items.length <= MAX_LIST_ITEMS &&
      items.every((item) => isFieldValue(field, item))
    );
  }
  return isFieldValue(field, value.value);
}

/**
 * `{event, conditions}`: a known event and at most MAX_CONDITIONS conditions (none: every such event),
 * which fit their column as stored (see MAX_STORED_CONDITIONS_BYTES).
 */
export function isRuleWhen(value: unknown): value is RuleWhen {
  if (!isRecord(value) || !hasOnlyKeys(value, ['event', 'conditions'])) {
    return false;
  }
  return (
    (RULE_EVENTS as readonly unknown[]).includes(value.event) &&
    Array.isArray(value.conditions) &&
    value.conditions.length <= MAX_CONDITIONS &&
    value.conditions.every(isRuleCondition) &&
    Buffer.byteLength(JSON.stringify(value.conditions.map(normalizedCondition))) <= MAX_STORED_CONDITIONS_BYTES
  );
}

function isRoundRobinValue(value: unknown): value is RoundRobinValue {
  if (!isRecord(value) || !hasOnlyKeys(value, ['agents', 'max_open'])) {
    return false;
  }
  const { agents, max_open: maxOpen } = value;
  return (
    Array.isArray(agents) &&
    agents.length >= 1 &&
    agents.length <= MAX_ROUND_ROBIN_AGENTS &&
    agents.every((id) => typeof id === 'string' && UUID.test(id)) &&
    new Set(agents.map((id: string) => id.toLowerCase())).size === agents.length &&
    (maxOpen === null ||
      (typeof maxOpen === 'number' && Number.isInteger(maxOpen) && maxOpen >= 1 && maxOpen <= MAX_OPEN_LIMIT))
  );
}

export function isRuleAction(value: unknown): value is RuleActionSpec {
  if (!isRecord(value) || !hasOnlyKeys(value, ['action', 'value'])) {
    return false;
  }
  const action = value.value;
  switch (value.action as RuleActionName) {
    case 'assign':
      return action === null || (typeof action === 'string' && UUID.test(action));
    case 'assign_round_robin':
      return isRoundRobinValue(action);
    case 'add_tag':
      return isTag(action);
    case 'set_priority':
      return typeof action === 'string' && (PRIORITIES as readonly string[]).includes(action);
    case 'set_status':
      return typeof action === 'string' && RULE_STATUSES.includes(action);
    default:
      return false;
  }
}

/** `then`: one to MAX_ACTIONS actions. */
export function isRuleActions(value: unknown): value is RuleActionSpec[] {
  return Array.isArray(value) && value.length >= 1 && value.length <= MAX_ACTIONS && value.every(isRuleAction);
}

/**
 * A condition as stored: ids and domains in lower case, labels as they are stored, a custom field's
 * text trimmed (as the intake trims its values).
 */
export function normalizedCondition(condition: RuleConditionSpec): RuleConditionSpec {
  const one = (value: string | number | boolean): string | number | boolean => {
    if (typeof value !== 'string') {
      return value;
    }
    if (isCustomFieldCondition(condition.field)) {
      return value.trim();
    }
    switch (condition.field) {
      case 'api_key_id':
      case 'email_domain':
        return value.trim().toLowerCase();
      case 'tag':
        return tagSpelling(value);
      default:
        return value;
    }
  };
  const value = Array.isArray(condition.value)
    ? ((condition.value as (string | number)[]).map(one) as string[] | number[])
    : one(condition.value);
  return { field: condition.field, op: condition.op, value };
}

/** An action as stored: ids in lower case, a label as it is stored. */
export function normalizedAction(action: RuleActionSpec): RuleActionSpec {
  switch (action.action) {
    case 'assign':
      return { action: action.action, value: typeof action.value === 'string' ? action.value.toLowerCase() : null };
    case 'assign_round_robin': {
      const value = action.value as RoundRobinValue;
      return {
        action: action.action,
        value: { agents: value.agents.map((id) => id.toLowerCase()), max_open: value.max_open },
      };
    }
    case 'add_tag':
      return { action: action.action, value: tagSpelling(action.value as string) };
    default:
      return { action: action.action, value: action.value };
  }
}

/** The staff accounts an action names (they must exist when the rule is written). */
export function accountsNamedBy(actions: readonly RuleActionSpec[]): string[] {
  return [
    ...new Set(
      actions.flatMap((action) => {
        if (action.action === 'assign') {
          return typeof action.value === 'string' ? [action.value] : [];
        }
        return action.action === 'assign_round_robin' ? (action.value as RoundRobinValue).agents : [];
      }),
    ),
  ];
}
