import { ApiException } from '../../http/api-exception';
import { FieldDefinition, FieldType } from '../../custom-fields/field-definitions';
import { fieldConditionOf } from './field-filters';

const field = (type: FieldType, more: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name: 'f',
  label: 'F',
  type,
  required: false,
  options: type === 'select' || type === 'multi_select' ? ['a', 'b'] : null,
  max_length: null,
  min: null,
  max: null,
  help: null,
  personal: false,
  staff_only: false,
  ...more,
});

function refused(value: unknown, definitions: FieldDefinition[]): string {
  try {
    fieldConditionOf('f', value, definitions);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    return (error as ApiException).message;
  }
  throw new Error(`expected ${String(value)} to be refused`);
}

describe('fieldConditionOf', () => {
  it('compares select, multi_select and checkbox values by value_key', () => {
    expect(fieldConditionOf('f', 'anything at all', [field('select')])).toEqual({ name: 'f', key: 'anything at all' });
    expect(fieldConditionOf('f', 'a', [field('multi_select')])).toEqual({ name: 'f', key: 'a' });
    expect(fieldConditionOf('f', 'false', [field('checkbox')])).toEqual({ name: 'f', key: 'false' });
    expect(refused('x'.repeat(101), [field('select')])).toBe('Invalid field: field.f');
    expect(fieldConditionOf('f', '😀'.repeat(100), [field('select')]).key).toHaveLength(200);
    expect(refused('yes', [field('checkbox')])).toBe('Invalid field: field.f');
  });

  it('reads number and date ranges, inclusive, either end open but not both', () => {
    expect(fieldConditionOf('f', '1.5..2', [field('number')])).toEqual({ name: 'f', numbers: { from: 1.5, to: 2 } });
    expect(fieldConditionOf('f', '-3..', [field('number')])).toEqual({ name: 'f', numbers: { from: -3 } });
    expect(fieldConditionOf('f', '..0', [field('number')])).toEqual({ name: 'f', numbers: { to: 0 } });
    expect(fieldConditionOf('f', '2026-02-28..2026-03-01', [field('date')])).toEqual({
      name: 'f',
      dates: { from: '2026-02-28', to: '2026-03-01' },
    });
    expect(fieldConditionOf('f', '..2024-02-29', [field('date')])).toEqual({ name: 'f', dates: { to: '2024-02-29' } });
    for (const value of [
      '5',
      '..',
      '1...2',
      '2..1',
      'x..1',
      '1e3..',
      '+1..',
      '.5..',
      '0x10..',
      `${'9'.repeat(17)}..`,
    ]) {
      expect(refused(value, [field('number')])).toBe('Invalid field: field.f');
    }
    for (const value of ['2026-03-01', '2025-02-29..', '2026-13-01..', '..2026-1-1', '2026-03-02..2026-03-01']) {
      expect(refused(value, [field('date')])).toBe('Invalid field: field.f');
    }
  });

  it('refuses names without a filterable definition: personal ones and text-like types', () => {
    expect(refused('a', [])).toBe('Invalid field: field.f');
    expect(refused('a', [field('select', { personal: true })])).toBe('Invalid field: field.f');
    for (const type of ['text', 'long_text', 'email', 'url', 'phone'] as const) {
      expect(refused('a', [field(type)])).toBe('Invalid field: field.f');
    }
    expect(refused(['a', 'b'], [field('select')])).toBe('Invalid field: field.f');
  });

  it('gives a name that keys define differently every part the value fits', () => {
    const mixed = [field('select'), field('number'), field('text'), field('select', { personal: true })];
    expect(fieldConditionOf('f', '1..2', mixed)).toEqual({ name: 'f', key: '1..2', numbers: { from: 1, to: 2 } });
    expect(fieldConditionOf('f', 'a', mixed)).toEqual({ name: 'f', key: 'a' });
    expect(fieldConditionOf('f', 'true', [field('checkbox'), field('date')])).toEqual({ name: 'f', key: 'true' });
    expect(refused('maybe', [field('checkbox'), field('date')])).toBe('Invalid field: field.f');
  });
});
