import { createHash } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a reference read aloud or typed is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/**
 * A submission's short reference for people: 8 characters of Crockford base32 from its id's SHA-256,
 * shown in the console, the API and every e-mail (`[#<ref>]`). Derived, never stored. Not secret and
 * not unique on its own (40 bits): mail is matched by it only when it comes from the submission's own
 * address, looked up by its e-mail hash first, so two references alike cannot cross.
 */
export function refOf(submissionId: string): string {
  return base32(createHash('sha256').update(submissionId).digest(), 8);
}
