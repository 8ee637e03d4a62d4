/**
 * The three code points that canonical normalisation turns into ASCII (U+037E into `;`, U+1FEF into a
 * backtick, the Kelvin sign U+212A into `K`): kept as they are, so no non-ASCII address ever matches an
 * ASCII one. matched-email.spec.ts checks the list against every code point.
 */
const BECOME_ASCII_UNDER_NFC = /([\u037E\u1FEF\u212A])/;

/**
 * An e-mail address as export, erasure and the staff address search match it (issue 24): trimmed, in
 * NFC, and lower-cased for ASCII letters only. The local part belongs to the receiving server, which
 * may well tell `K` (U+212A) from `k` or `Ä` from `ä`; `toLowerCase` folded those together, so erasing
 * one person's data could erase another's. For an ASCII address nothing changed, so stored hashes of
 * ordinary addresses still match.
 */
export function matchedEmail(raw: string): string {
  return raw
    .trim()
    .split(BECOME_ASCII_UNDER_NFC)
    .map((part) => (BECOME_ASCII_UNDER_NFC.test(part) ? part : part.normalize('NFC')))
    .join('')
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * How addresses were matched before issue 24 (trimmed, `toLowerCase`): rows stored then carry a hash
 * of this form, which differs for addresses with non-ASCII letters. Lookups try it too and then compare
 * the opened address itself (see FieldCipher.emailHashes).
 */
export function legacyMatchedEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
