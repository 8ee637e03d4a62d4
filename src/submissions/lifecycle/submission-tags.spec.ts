import { isTag, normalizedTags, tagKey } from './submission-tags';

describe('submission tags', () => {
  it('trims, composes to NFC and folds duplicates of any letter case into the first spelling', () => {
    expect(normalizedTags(['  Billing ', 'billing', 'BILLING', 'VIP', 'Cafe\u0301', 'café'])).toEqual([
      'Billing',
      'VIP',
      'Café',
    ]);
  });

  it('compares as case folding does, and folds no accent', () => {
    expect(tagKey('Straße')).toBe(tagKey('STRASSE'));
    expect(tagKey('ΟΔΟΣ')).toBe(tagKey('οδος'));
    expect(tagKey('café')).not.toBe(tagKey('cafe'));
  });

  it('takes up to ten labels once folded, each 1-40 characters', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(normalizedTags([...ten, 'T0'])).toEqual(ten);
    expect(normalizedTags([...ten, 'eleven'])).toBeNull();
    expect(normalizedTags(['😀'.repeat(40)])).toEqual(['😀'.repeat(40)]);
    expect(normalizedTags(['x'.repeat(41)])).toBeNull();
    expect(normalizedTags([])).toEqual([]);
  });

  it('refuses what is not a list of one-line labels', () => {
    for (const bad of [['  '], [''], ['a,b'], ['tab\there'], ['line\nbreak'], ['\u0085'], ['\ud800'], [1], 'a', null]) {
      expect(normalizedTags(bad)).toBeNull();
    }
    expect(isTag(' ok ')).toBe(true);
  });
});
