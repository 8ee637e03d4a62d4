import { checksumOf, displayPrefixOf, generateApiKey, isWellFormedApiKey } from './api-key-format';

describe('API key format', () => {
  it('generates ck_ + 40 base62 characters + a 6-character checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^ck_[0-9A-Za-z]{46}$/);
    expect(key.slice(-6)).toBe(checksumOf(key.slice(3, 43)));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('generates different keys', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
  });

  it('refuses a key with a single changed character', () => {
    const key = generateApiKey();
    for (const index of [3, 20, 42, 43, 48]) {
      const changed = key.slice(0, index) + (key[index] === 'a' ? 'b' : 'a') + key.slice(index + 1);
      expect(isWellFormedApiKey(changed)).toBe(false);
    }
  });

  it.each(['', 'ck_', 'xx_' + 'a'.repeat(46), generateApiKey() + 'a', generateApiKey().replace('ck_', 'CK_')])(
    'refuses the malformed key %p',
    (key) => expect(isWellFormedApiKey(key)).toBe(false),
  );

  it('pads the checksum to six characters', () => {
    const checksums = Array.from({ length: 200 }, () => checksumOf(generateApiKey().slice(3, 43)));
    expect(checksums.every((checksum) => /^[0-9A-Za-z]{6}$/.test(checksum))).toBe(true);
  });

  it('shows only a short display prefix', () => {
    const key = generateApiKey();
    expect(displayPrefixOf(key)).toBe(key.slice(0, 9));
  });
});
