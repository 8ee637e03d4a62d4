import type { FieldValue } from '../../custom-fields/field-values';
import { csvCell, csvFileName, fieldCell, fieldCellsOf } from './submissions-csv';

describe('csvCell', () => {
  it('prefixes cells that start like a formula: ASCII, tab and CR as before', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(value).replace(/^"|"$/g, '')).toBe(`'${value}`);
    }
  });

  it('prefixes full-width = + - @ and any of them behind zero-width characters', () => {
    for (const value of ['＝1+1', '＋1', '－1', '＠SUM(A1)']) {
      expect(csvCell(value)).toBe(`'${value}`);
    }
    for (const invisible of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u200B\uFEFF']) {
      for (const start of ['=', '+', '-', '@', '＝', '\t']) {
        expect(csvCell(`${invisible}${start}1`).replace(/^"|"$/g, '')).toBe(`'${invisible}${start}1`);
      }
    }
  });

  it('leaves other cells alone, quoting what RFC 4180 asks', () => {
    expect(csvCell('Ada')).toBe('Ada');
    expect(csvCell('\u200BAda')).toBe('\u200BAda');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell(null)).toBe('');
  });
});

describe('csvFileName', () => {
  it('carries the UTC day of the export', () => {
    expect(csvFileName(new Date('2026-11-24T23:30:00Z'))).toBe('submissions-2026-11-24.csv');
  });
});

describe('the custom field cells', () => {
  it('joins choices with "; ", writes booleans and numbers as text, and leaves no value empty', () => {
    expect(fieldCell(['Billing', 'Shipping'])).toBe('Billing; Shipping');
    expect(fieldCell(true)).toBe('true');
    expect(fieldCell(false)).toBe('false');
    expect(fieldCell(2.5)).toBe('2.5');
    expect(fieldCell(null)).toBeNull();
    expect(fieldCell(undefined)).toBeNull();
  });

  it('puts each value under its column, whatever order the views come in', () => {
    const view = (name: string, value: FieldValue | null) => ({
      name,
      label: name,
      type: 'text' as const,
      value,
      retired: false,
    });
    expect(fieldCellsOf(['b', 'a', 'c'], [view('a', 'x'), view('b', ['y', 'z'])])).toEqual(['y; z', 'x', null]);
  });
});
