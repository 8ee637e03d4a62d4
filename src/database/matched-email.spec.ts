import { legacyMatchedEmail, matchedEmail } from './matched-email';

describe('matchedEmail', () => {
  it('trims and lower-cases ASCII letters, as before, so ordinary addresses hash as they did', () => {
    for (const address of [' Ada.Lovelace@Example.ORG ', 'GRACE+tag@x.test', "o'brien@EXAMPLE.ie"]) {
      expect(matchedEmail(address)).toBe(legacyMatchedEmail(address));
    }
  });

  it('never turns a non-ASCII character into ASCII: the Kelvin sign stays a Kelvin sign', () => {
    expect(matchedEmail('\u212Aelvin@example.org')).toBe('\u212Aelvin@example.org');
    expect(matchedEmail('\u212Aelvin@example.org')).not.toBe(matchedEmail('kelvin@example.org'));
    expect(matchedEmail('KELVIN@example.org')).toBe('kelvin@example.org');
    expect(matchedEmail('a\u037Eb\u1FEFc@x.test')).toBe('a\u037Eb\u1FEFc@x.test');
    // Compatibility forms stay what they are (NFC, not NFKC): full-width, ligatures, long s.
    expect(matchedEmail('\uFF21da@x.test')).toBe('\uFF21da@x.test');
    expect(matchedEmail('\uFB01n@x.test')).toBe('\uFB01n@x.test');
    expect(matchedEmail('\u017Fam@x.test')).toBe('\u017Fam@x.test');
  });

  it('leaves non-ASCII letter case alone and composes to NFC', () => {
    expect(matchedEmail('Ünal@x.test')).toBe('Ünal@x.test');
    expect(matchedEmail('Ünal@x.test')).not.toBe(matchedEmail('ünal@x.test'));
    expect(matchedEmail('Jose\u0301@X.test')).toBe('jos\u00E9@x.test');
    // A combining mark after a kept character stays beside it rather than composing into ASCII-based letters.
    expect(matchedEmail('\u212A\u030C@x.test')).toBe('\u212A\u030C@x.test');
  });

  it('keeps exactly the code points that NFC turns into ASCII', () => {
    const becomeAscii: number[] = [];
    for (let code = 0x80; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) {
        continue;
      }
      const character = String.fromCodePoint(code);
      if (/[\x00-\x7F]/.test(character.normalize('NFC'))) {
        becomeAscii.push(code);
        expect(matchedEmail(character)).toBe(character);
      }
    }
    expect(becomeAscii).toEqual([0x037e, 0x1fef, 0x212a]);
  });
});
