import { normalizeStaffEmail, staffEmailAttemptKey } from './staff-email';

describe('the one spelling of a staff address', () => {
  it('trims ASCII white space, lower-cases the local part and turns the domain into A-labels', () => {
    expect(normalizeStaffEmail(' Grace.Hopper@Example.TEST \n')).toBe('grace.hopper@example.test');
    expect(normalizeStaffEmail('ops@exämple.test')).toBe('ops@xn--exmple-cua.test');
    expect(normalizeStaffEmail('OPS@EXÄMPLE.TEST')).toBe('ops@xn--exmple-cua.test');
    expect(normalizeStaffEmail('ops@xn--exmple-cua.test')).toBe('ops@xn--exmple-cua.test');
    // NFC: a composed and a decomposed ä are one letter.
    expect(normalizeStaffEmail('A\u0308dmin@example.test')).toBe('\u00e4dmin@example.test');
  });

  it('keeps every look-alike of admin@example.test apart from it', () => {
    const victim = normalizeStaffEmail('admin@example.test');
    for (const lookAlike of [
      'admin@exämple.test',
      'ädmin@example.test',
      'ａｄｍｉｎ@example.test',
      'a\u0301dmin@example.test',
    ]) {
      expect(normalizeStaffEmail(lookAlike)).not.toBe(victim);
      expect(normalizeStaffEmail(lookAlike)).not.toBeNull();
    }
  });

  it('is no staff address with an invisible or control character anywhere', () => {
    for (const hidden of [
      'admin\u200b@example.test',
      'admin@example.test\u200b',
      '\u200badmin@example.test',
      'ad\u200dmin@example.test',
      'admin\ufeff@example.test',
      'ad\u202emin@example.test',
      'ad\u3164min@example.test',
      'ad\u00admin@example.test',
      'admin\u0000@example.test',
      'ad min@example.test',
      'admin\ud800@example.test',
    ]) {
      expect(normalizeStaffEmail(hidden)).toBeNull();
    }
  });

  it('is no staff address without a local part and a domain IDNA accepts, or over 254 characters', () => {
    expect(normalizeStaffEmail('admin')).toBeNull();
    expect(normalizeStaffEmail('@example.test')).toBeNull();
    expect(normalizeStaffEmail('admin@')).toBeNull();
    expect(normalizeStaffEmail('admin@xn--zz.test')).toBeNull();
    expect(
      normalizeStaffEmail(`${'a'.repeat(70)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.test`),
    ).toBeNull();
  });

  it('is idempotent: a stored address normalises to itself', () => {
    for (const raw of ['Ops@Exämple.Test', 'ÄDMIN@example.test', 'İnci@example.test']) {
      const once = normalizeStaffEmail(raw)!;
      expect(normalizeStaffEmail(once)).toBe(once);
    }
  });

  it('counts sign-in attempts under the normalised address, or the input itself when it is none', () => {
    expect(staffEmailAttemptKey('Agent4@Example.test')).toBe(staffEmailAttemptKey('agent4@example.test'));
    expect(staffEmailAttemptKey('ägent4@example.test')).not.toBe(staffEmailAttemptKey('agent4@example.test'));
    expect(staffEmailAttemptKey('agent4\u200b@example.test')).toBe('agent4\u200b@example.test');
  });
});
