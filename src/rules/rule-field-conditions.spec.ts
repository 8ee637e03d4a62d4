import type { FieldDefinition, FieldType } from '../custom-fields/field-definitions';
import { isRuleCondition, isRuleWhen, normalizedCondition, RuleConditionSpec } from './rule-definition';
import { conditionSuits, RuleFieldValue } from './rule-field-conditions';
import { compileCondition, reasonOf, RuleSubject } from './rule-matcher';

/** A subject with these values (null: one that carries no fields at all). */
const subject = (fields: Record<string, RuleFieldValue> | null): RuleSubject => ({
  apiKeyId: '0193a2b4-0000-7000-8000-000000000001',
  email: null,
  subject: null,
  message: null,
  tags: [],
  priority: 'normal',
  status: 'new',
  fields: fields === null ? undefined : new Map(Object.entries(fields)),
});

const VALUES: Record<string, RuleFieldValue> = {
  product: { type: 'select', value: 'Pro' },
  topics: { type: 'multi_select', value: ['Billing', 'Returns'] },
  consent: { type: 'checkbox', value: true },
  quantity: { type: 'number', value: 12 },
  delivery: { type: 'date', value: '2026-03-15' },
  order_number: { type: 'text', value: 'The order A-1001 never came' },
  contact_mail: { type: 'email', value: 'ada@example.org' },
};

const holds = (condition: RuleConditionSpec, values: Record<string, RuleFieldValue> | null = VALUES) =>
  compileCondition(normalizedCondition(condition)).test(subject(values));

const definition = (type: FieldType, options: string[] | null = null): FieldDefinition => ({
  name: 'x',
  label: 'X',
  type,
  required: false,
  options,
  max_length: null,
  min: null,
  max: null,
  help: null,
  personal: false,
  staff_only: false,
});

describe('rule conditions on custom fields', () => {
  it('takes `field.<name>` with values of the right shape, and refuses what no field could mean', () => {
    const ok = (field: string, op: string, value: unknown) => isRuleCondition({ field, op, value });
    expect(ok('field.product', 'is', 'Pro')).toBe(true);
    expect(ok('field.quantity', 'greater_than', 10)).toBe(true);
    expect(ok('field.delivery', 'less_than', '2026-04-01')).toBe(true);
    expect(ok('field.quantity', 'matches_any_of', [1, 2])).toBe(true);
    expect(ok('field.consent', 'is', false)).toBe(true);
    // Names as keys' fields spell them.
    expect(ok('field.Product', 'is', 'Pro')).toBe(false);
    expect(ok('field.', 'is', 'Pro')).toBe(false);
    expect(ok('field.__proto__', 'is', 'Pro')).toBe(false);
    expect(ok(`field.${'a'.repeat(41)}`, 'is', 'Pro')).toBe(false);
    // Values: no blank text, no date that is none, no mixed list, no number past double precision.
    expect(ok('field.product', 'is', ' ')).toBe(false);
    expect(ok('field.delivery', 'greater_than', '2026-02-30')).toBe(false);
    expect(ok('field.quantity', 'matches_any_of', [1, 'two'])).toBe(false);
    expect(ok('field.quantity', 'is', 2 ** 60)).toBe(false);
    expect(ok('field.product', 'contains', true)).toBe(false);
    // The order ops are for custom fields only.
    expect(ok('priority', 'greater_than', 'low')).toBe(false);
    expect(isRuleWhen({ event: 'received', conditions: [{ field: 'field.product', op: 'is', value: 'Pro' }] })).toBe(
      true,
    );
  });

  it('says which ops and values suit each type', () => {
    const select = definition('select', ['Basic', 'Pro']);
    expect(conditionSuits(select, 'is', 'pro')).toBe(true);
    expect(conditionSuits(select, 'is', 'Gold')).toBe(false);
    expect(conditionSuits(select, 'contains', 'Pro')).toBe(false);
    expect(conditionSuits(select, 'matches_any_of', ['Basic', 'Pro'])).toBe(true);
    expect(conditionSuits(select, 'greater_than', 3)).toBe(false);
    const multi = definition('multi_select', ['Billing', 'Returns']);
    expect(conditionSuits(multi, 'contains', 'Billing')).toBe(true);
    expect(conditionSuits(multi, 'contains', 'Bill')).toBe(false);
    expect(conditionSuits(definition('checkbox'), 'is', true)).toBe(true);
    expect(conditionSuits(definition('checkbox'), 'is', 'yes')).toBe(false);
    expect(conditionSuits(definition('checkbox'), 'matches_any_of', ['true'])).toBe(false);
    expect(conditionSuits(definition('number'), 'greater_than', 5)).toBe(true);
    expect(conditionSuits(definition('number'), 'is', '5')).toBe(false);
    expect(conditionSuits(definition('date'), 'less_than', '2026-01-01')).toBe(true);
    expect(conditionSuits(definition('date'), 'greater_than', 5)).toBe(false);
    expect(conditionSuits(definition('text'), 'contains', 'order')).toBe(true);
    expect(conditionSuits(definition('text'), 'greater_than', 'a')).toBe(false);
    expect(conditionSuits(definition('email'), 'is', 5)).toBe(false);
  });

  it('compares a select, a checkbox, a number and a date', () => {
    expect(holds({ field: 'field.product', op: 'is', value: 'pro' })).toBe(true);
    expect(holds({ field: 'field.product', op: 'is_not', value: 'Pro' })).toBe(false);
    expect(holds({ field: 'field.product', op: 'matches_any_of', value: ['Basic', 'Pro'] })).toBe(true);
    expect(holds({ field: 'field.consent', op: 'is', value: true })).toBe(true);
    expect(holds({ field: 'field.consent', op: 'is', value: false })).toBe(false);
    expect(holds({ field: 'field.quantity', op: 'is', value: 12 })).toBe(true);
    expect(holds({ field: 'field.quantity', op: 'greater_than', value: 10 })).toBe(true);
    expect(holds({ field: 'field.quantity', op: 'greater_than', value: 12 })).toBe(false);
    expect(holds({ field: 'field.quantity', op: 'less_than', value: 12.5 })).toBe(true);
    expect(holds({ field: 'field.quantity', op: 'matches_any_of', value: [3, 12] })).toBe(true);
    expect(holds({ field: 'field.delivery', op: 'greater_than', value: '2026-03-14' })).toBe(true);
    expect(holds({ field: 'field.delivery', op: 'less_than', value: '2026-03-15' })).toBe(false);
    expect(holds({ field: 'field.delivery', op: 'is', value: '2026-03-15' })).toBe(true);
    // A date is no number, a number no date: the order ops compare like with like only.
    expect(holds({ field: 'field.delivery', op: 'greater_than', value: 5 })).toBe(false);
    expect(holds({ field: 'field.quantity', op: 'less_than', value: '2030-01-01' })).toBe(false);
  });

  it("reads a multi_select by its choices, and a text's words", () => {
    expect(holds({ field: 'field.topics', op: 'contains', value: 'billing' })).toBe(true);
    expect(holds({ field: 'field.topics', op: 'is', value: 'Returns' })).toBe(true);
    expect(holds({ field: 'field.topics', op: 'is_not', value: 'Shipping' })).toBe(true);
    expect(holds({ field: 'field.topics', op: 'matches_any_of', value: ['Shipping', 'Returns'] })).toBe(true);
    expect(holds({ field: 'field.topics', op: 'contains', value: 'Bill' })).toBe(false);
    expect(holds({ field: 'field.order_number', op: 'contains', value: 'a-1001' })).toBe(true);
    expect(holds({ field: 'field.order_number', op: 'matches_any_of', value: ['never', 'refund'] })).toBe(true);
    expect(holds({ field: 'field.order_number', op: 'matches_any_of', value: ['neve'] })).toBe(false);
    expect(holds({ field: 'field.contact_mail', op: 'is', value: 'ADA@example.org' })).toBe(true);
    expect(holds({ field: 'field.contact_mail', op: 'matches_any_of', value: ['ada@example.org'] })).toBe(true);
  });

  it('matches only is_not when the submission has no value of the field (or no fields at all)', () => {
    for (const values of [null, {}]) {
      expect(holds({ field: 'field.product', op: 'is', value: 'Pro' }, values)).toBe(false);
      expect(holds({ field: 'field.product', op: 'is_not', value: 'Pro' }, values)).toBe(true);
      expect(holds({ field: 'field.order_number', op: 'contains', value: 'a' }, values)).toBe(false);
      expect(holds({ field: 'field.quantity', op: 'less_than', value: 100 }, values)).toBe(false);
      expect(holds({ field: 'field.topics', op: 'matches_any_of', value: ['Billing'] }, values)).toBe(false);
    }
  });

  it("says in a rule test's reason what the submission has", () => {
    const reason = (condition: RuleConditionSpec, values: Record<string, RuleFieldValue> = VALUES) =>
      reasonOf(compileCondition(normalizedCondition(condition)), subject(values)).reason;
    expect(reason({ field: 'field.product', op: 'is', value: 'Pro' })).toBe('field.product is Pro: yes (Pro)');
    expect(reason({ field: 'field.quantity', op: 'greater_than', value: 20 })).toBe(
      'field.quantity is greater than 20: no (12)',
    );
    expect(reason({ field: 'field.topics', op: 'contains', value: 'Billing' })).toBe(
      'field.topics contains Billing: yes (Billing, Returns)',
    );
    expect(reason({ field: 'field.product', op: 'is', value: 'Pro' }, {})).toBe('field.product is Pro: no (no value)');
  });

  it('stores a custom field condition with its text trimmed and its numbers as they are', () => {
    expect(normalizedCondition({ field: 'field.product', op: 'is', value: '  Pro ' })).toEqual({
      field: 'field.product',
      op: 'is',
      value: 'Pro',
    });
    expect(normalizedCondition({ field: 'field.quantity', op: 'matches_any_of', value: [1, 2.5] })).toEqual({
      field: 'field.quantity',
      op: 'matches_any_of',
      value: [1, 2.5],
    });
  });
});
