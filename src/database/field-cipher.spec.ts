import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { FieldCipher, UndecryptableValueError } from './field-cipher';
import { sha256Hex } from './sha256';

const k1 = `k1:${randomBytes(32).toString('base64')}`;
const k2 = `k2:${randomBytes(32).toString('base64')}`;
const cipherWith = (keys?: string) =>
  new FieldCipher(new AppConfig(validateEnvironment(keys ? { DATA_ENCRYPTION_KEYS: keys } : {})));
const place = { table: 'submissions' as const, rowId: '0193a000-0000-7000-8000-000000000001', column: 'name' };

describe('FieldCipher', () => {
  it('seals with a fresh nonce each time and opens only where it was sealed', () => {
    const cipher = cipherWith(k1);
    const [a, b] = [cipher.seal('Ada Lovelace ✨', place), cipher.seal('Ada Lovelace ✨', place)];
    expect(a).not.toBe(b);
    expect(cipher.open(a, 'k1', place)).toBe('Ada Lovelace ✨');

    expect(() => cipher.open(a, 'k1', { ...place, rowId: '0193a000-0000-7000-8000-000000000002' })).toThrow(
      UndecryptableValueError,
    );
    expect(() => cipher.open(a, 'k1', { ...place, column: 'message' })).toThrow(UndecryptableValueError);
    expect(() => cipher.open(a, 'k9', place)).toThrow('the key "k9" is not in DATA_ENCRYPTION_KEYS');
    const tampered = Buffer.from(a, 'base64');
    tampered[20] ^= 1;
    expect(() => cipher.open(tampered.toString('base64'), 'k1', place)).toThrow('authentication failed');
    // The error names ids, never the value.
    expect(() => cipher.open(a, 'k1', { ...place, column: 'email' })).toThrow(
      /^Cannot decrypt submissions\.email of 0193a000/,
    );
  });

  it('opens values of an older key after rotation, and seals new ones with the first', () => {
    const old = cipherWith(k1);
    const sealed = old.seal('Grace', place);
    const rotated = cipherWith(`${k2},${k1}`);
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.open(sealed, 'k1', place)).toBe('Grace');
    const row = rotated.sealRow('submissions', { id: place.rowId, encKeyId: null, name: 'Grace', email: null });
    expect(row.encKeyId).toBe('k2');
    expect(row.email).toBeNull();
    rotated.openRow('submissions', row);
    expect(row.name).toBe('Grace');
  });

  it('hashes addresses trimmed and in any case: keyed per key, plain SHA-256 in clear; lookups try every one', () => {
    const clear = cipherWith();
    expect(clear.enabled).toBe(false);
    expect(clear.emailHash(' Ada@Example.ORG ')).toBe(sha256Hex('ada@example.org'));
    const rotated = cipherWith(`${k2},${k1}`);
    const current = rotated.emailHash('ada@example.org');
    expect(rotated.emailHash('ADA@example.org')).toBe(current);
    expect(current).not.toBe(sha256Hex('ada@example.org'));
    expect(rotated.emailHashes('Ada@example.org')).toEqual([
      current,
      cipherWith(k1).emailHash('ada@example.org'),
      sha256Hex('ada@example.org'),
    ]);
  });

  it('hashes under EMAIL_HASH_KEY when set, whatever the data keys, and still looks under the old hashes', () => {
    const hashKey = randomBytes(32).toString('base64');
    const stable = (keys: string) =>
      new FieldCipher(new AppConfig(validateEnvironment({ DATA_ENCRYPTION_KEYS: keys, EMAIL_HASH_KEY: hashKey })));
    const hash = stable(k1).emailHash('Ada@example.org');
    expect(stable(k2).emailHash('ada@example.org')).toBe(hash);
    expect(hash).not.toBe(cipherWith(k1).emailHash('ada@example.org'));
    expect(stable(k1).emailHashes('ada@example.org')).toEqual([
      hash,
      cipherWith(k1).emailHash('ada@example.org'),
      sha256Hex('ada@example.org'),
    ]);
  });

  it('finds a Kelvin-sign address by its old hash but tells it from the ASCII one by the address itself', () => {
    const cipher = cipherWith(k1);
    const kelvin = '\u212Aelvin@example.org';
    // Stored before issue 24: toLowerCase made it "kelvin@example.org".
    const oldHash = cipher.emailHashes('kelvin@example.org')[0];
    expect(cipher.emailHashes(kelvin)).toContain(oldHash);
    expect(cipher.isSameEmail({ email: kelvin, emailHash: oldHash }, kelvin)).toBe(true);
    expect(cipher.isSameEmail({ email: kelvin, emailHash: oldHash }, 'kelvin@example.org')).toBe(false);
    expect(cipher.isSameEmail({ email: 'Kelvin@Example.org', emailHash: oldHash }, 'kelvin@example.org')).toBe(true);
    // Unreadable: only today's exact hash counts.
    expect(cipher.isSameEmail({ email: null, emailHash: oldHash }, 'KELVIN@example.org')).toBe(true);
    expect(cipher.isSameEmail({ email: null, emailHash: oldHash }, kelvin)).toBe(false);
  });

  it('opens what it can of a row and says which columns did not open and why, never their values', () => {
    const cipher = cipherWith(k1);
    const sealed = cipher.sealRow('submissions', {
      id: place.rowId,
      encKeyId: null,
      name: 'Ada',
      email: 'ada@example.org',
      message: 'Secret plan',
    });
    const tampered = Buffer.from(sealed.message, 'base64');
    tampered[20] ^= 1;
    const row = { ...sealed, message: tampered.toString('base64') };
    expect(cipher.openRow('submissions', row)).toBe(
      'message: authentication failed (a wrong key, or moved or altered)',
    );
    expect(row).toMatchObject({ name: 'Ada', email: 'ada@example.org', message: null });

    const gone = { ...sealed };
    expect(cipherWith(k2).openRow('submissions', gone)).toBe(
      'name, email, message: the key "k1" is not in DATA_ENCRYPTION_KEYS',
    );
    expect(gone).toMatchObject({ name: null, email: null, message: null });
  });

  it('passes rows through unchanged without keys', () => {
    const row = cipherWith().sealRow('submission_notes', { id: place.rowId, encKeyId: 'x', body: 'note' });
    expect(row).toEqual({ id: place.rowId, encKeyId: null, body: 'note' });
  });
});
