import { PRIORITIES, Ref, Rule, RuleTestResult, STATUSES } from '../api';

/**
 * A rule as the API shows it (`GET /staff/api/rules`), and the form's draft of one: the words the
 * console uses for each event, field, comparison and action, and the change between the two shapes.
 * Which combinations are valid is the API's to say (it answers 400 with the reason).
 */
export type { Rule, RuleTestResult };
export type RuleWhen = Rule['when'];
export type RuleEvent = RuleWhen['event'];
export type Condition = RuleWhen['conditions'][number];
export type ConditionField = Condition['field'];
export type ConditionOp = Condition['op'];
export type RuleAction = Rule['then'][number];
export type ActionName = RuleAction['action'];
/** What the form sends (POST adds a position; PATCH keeps the rule's). */
export interface RuleBody {
  name: string;
  enabled: boolean;
  when: RuleWhen;
  then: RuleAction[];
}

export const EVENTS: Record<RuleEvent, string> = {
  received: 'A submission arrives',
  message_received: 'The customer writes',
  status_changed: 'The status changes',
};

/** The built-in fields; a rule may also name a key's custom field as `field.<name>` (see fieldLabel). */
export const FIELDS: Record<string, string> = {
  api_key_id: 'API key',
  email_domain: 'E-mail domain',
  subject: 'Subject',
  message: 'Message',
  tag: 'Tag',
  priority: 'Priority',
  status: 'Status',
  spam: 'Spam',
};

export const OPS: Record<ConditionOp, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  matches_any_of: 'is any of',
  greater_than: 'is greater than',
  less_than: 'is less than',
};

/** A custom field's name (`field.product` -> `product`), or null for a built-in field. */
export function customFieldOf(field: ConditionField): string | null {
  return field.startsWith('field.') ? field.slice('field.'.length) : null;
}

/** A field as the form and the list name it: a built-in field's words, or `Field “product”`. */
export function fieldLabel(field: ConditionField): string {
  const custom = customFieldOf(field);
  return custom === null ? (FIELDS[field] ?? field) : `Field “${custom}”`;
}

/** The comparison as the list and the form say it: on a text, "is any of" is "has any of the words". */
export function opLabel(field: ConditionField, op: ConditionOp): string {
  return op === 'matches_any_of' && (field === 'subject' || field === 'message') ? 'has any of the words' : OPS[op];
}

export const ACTIONS: Record<ActionName, string> = {
  assign: 'Assign to',
  assign_round_robin: 'Assign in turn (round robin)',
  add_tag: 'Add tag',
  set_priority: 'Set priority',
  set_status: 'Set status',
};

export const keysOf = <K extends string>(labels: Record<K, string>): K[] => Object.keys(labels) as K[];

/** The values a field can take when they are a fixed list (the rest are typed). */
export function choicesOf(field: ConditionField, apiKeys: Ref[]): { value: string; label: string }[] | null {
  switch (field) {
    case 'priority':
      return PRIORITIES.map((value) => ({ value, label: value }));
    case 'status':
      return STATUSES.map((value) => ({ value, label: value }));
    case 'spam':
      return [
        { value: 'true', label: 'yes' },
        { value: 'false', label: 'no' },
      ];
    case 'api_key_id':
      return apiKeys.map((key) => ({ value: key.id, label: key.name }));
    default:
      return null;
  }
}

/**
 * The comparisons a field offers: "contains" only for typed values, spam is only yes or no, greater and
 * less than for a custom field only (the API says which its type takes).
 */
export function opsFor(field: ConditionField): ConditionOp[] {
  if (field === 'spam') {
    return ['is', 'is_not'];
  }
  if (customFieldOf(field) !== null) {
    return keysOf(OPS);
  }
  return keysOf(OPS).filter(
    (op) => op !== 'greater_than' && op !== 'less_than' && (op !== 'contains' || choicesOf(field, []) === null),
  );
}

/**
 * One condition as the form edits it: `values` is the list of "is any of", `value` the rest. `kind` is
 * what a custom field's value was stored as (a number or true/false is sent back as one, not as text).
 */
export interface ConditionDraft {
  field: ConditionField;
  op: ConditionOp;
  value: string;
  values: string[];
  kind: 'text' | 'number' | 'boolean';
}
/** One action as the form edits it: `agents` and `maxOpen` belong to round robin. */
export interface ActionDraft {
  action: ActionName;
  value: string;
  agents: string[];
  maxOpen: string;
}
export interface RuleDraft {
  name: string;
  enabled: boolean;
  event: RuleEvent;
  conditions: ConditionDraft[];
  actions: ActionDraft[];
}

export const newCondition = (): ConditionDraft => ({
  field: 'email_domain',
  op: 'is',
  value: '',
  values: [],
  kind: 'text',
});
export const newAction = (): ActionDraft => ({ action: 'add_tag', value: '', agents: [], maxOpen: '' });

export function draftOf(rule: Rule | null): RuleDraft {
  if (!rule) {
    return { name: '', enabled: true, event: 'received', conditions: [newCondition()], actions: [newAction()] };
  }
  return {
    name: rule.name,
    enabled: rule.enabled,
    event: rule.when.event,
    conditions: rule.when.conditions.map((condition) => ({
      field: condition.field,
      op: condition.op,
      value: Array.isArray(condition.value) ? '' : textOf(condition.value),
      values: Array.isArray(condition.value) ? condition.value.map(textOf) : [],
      kind: kindOf(Array.isArray(condition.value) ? condition.value[0] : condition.value),
    })),
    actions: rule.then.map((action) => {
      const robin = action.value as { agents?: unknown; max_open?: unknown } | null;
      const isRobin = action.action === 'assign_round_robin' && typeof robin === 'object' && robin !== null;
      return {
        action: action.action,
        value: isRobin ? '' : action.action === 'assign' && action.value === null ? NOBODY : textOf(action.value),
        agents: isRobin && Array.isArray(robin.agents) ? robin.agents.map(textOf) : [],
        maxOpen: isRobin ? textOf(robin.max_open) : '',
      };
    }),
  };
}

/** The draft as the API takes it: "is any of" as a list, spam as a boolean, round robin as an object. */
export function bodyOf(draft: RuleDraft): RuleBody {
  return { name: draft.name.trim(), enabled: draft.enabled, when: whenOf(draft), then: draft.actions.map(actionOf) };
}

export function whenOf(draft: RuleDraft): RuleWhen {
  return {
    event: draft.event,
    conditions: draft.conditions.map((condition) => ({
      field: condition.field,
      op: condition.op,
      value:
        condition.op === 'matches_any_of'
          ? listOf(condition)
          : typed(condition.field, condition.kind, condition.value.trim()),
    })),
  };
}

function listOf(condition: ConditionDraft): string[] | number[] {
  const values = condition.values.map((value) => value.trim()).filter(Boolean);
  return condition.kind === 'number' ? values.map(Number) : values;
}

function kindOf(value: unknown): ConditionDraft['kind'] {
  return typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text';
}

function actionOf(action: ActionDraft): RuleAction {
  if (action.action === 'assign_round_robin') {
    const max = action.maxOpen.trim();
    return { action: action.action, value: { agents: action.agents, max_open: max === '' ? null : Number(max) } };
  }
  if (action.action === 'assign' && action.value === NOBODY) {
    return { action: action.action, value: null };
  }
  return { action: action.action, value: action.value.trim() };
}

/** "Assign to" nobody: the form's value for an action that unassigns (the API's null). */
export const NOBODY = 'nobody';

function typed(field: ConditionField, kind: ConditionDraft['kind'], value: string): string | number | boolean {
  if (field === 'spam' || kind === 'boolean') {
    return value === 'true';
  }
  return kind === 'number' ? Number(value) : value;
}

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * A rule in one sentence for the list: "A submission arrives, and e-mail domain is example.org: add tag
 * partner". `names` gives the names of the accounts and keys it mentions by id.
 */
export function describeRule(rule: Rule, names: ReadonlyMap<string, string>): string {
  const nameOf = (value: unknown) => names.get(textOf(value)) ?? textOf(value);
  const shown = (field: ConditionField, value: unknown): string => {
    if (Array.isArray(value)) {
      return value.map((one) => shown(field, one)).join(', ');
    }
    if (field === 'spam' || typeof value === 'boolean') {
      return value === true ? 'yes' : 'no';
    }
    return field === 'api_key_id' ? nameOf(value) : `“${textOf(value)}”`;
  };
  const conditions = rule.when.conditions.map(
    (condition) =>
      `${customFieldOf(condition.field) === null ? fieldLabel(condition.field).toLowerCase() : fieldLabel(condition.field)} ${opLabel(condition.field, condition.op)} ${shown(condition.field, condition.value)}`,
  );
  const actions = rule.then.map((action) => {
    if (action.action === 'assign_round_robin') {
      const robin = (action.value ?? {}) as { agents?: unknown[]; max_open?: number | null };
      const who = (robin.agents ?? []).map(nameOf).join(', ') || 'nobody';
      return `assign in turn to ${who}${robin.max_open ? ` (at most ${robin.max_open} open each)` : ''}`;
    }
    if (action.action === 'assign') {
      return action.value === null ? 'unassign' : `assign to ${nameOf(action.value)}`;
    }
    return `${ACTIONS[action.action].toLowerCase()} ${textOf(action.value)}`;
  });
  const condition = conditions.length > 0 ? `, and ${conditions.join(' and ')}` : '';
  return `${EVENTS[rule.when.event]}${condition}: ${actions.join(', ') || 'nothing'}`;
}
