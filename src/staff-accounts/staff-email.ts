import { domainToASCII } from 'node:url';

/**
 * Characters a person cannot see or that steer how text is shown: controls (Cc), format characters
 * (Cf: zero-width space and joiners, bidirectional marks, the byte-order mark), separators other than
 * the plain ones trimmed off (Z), surrogates, private-use and unassigned code points, and the rest of
 * Unicode's default-ignorable ones (the Hangul fillers, variation selectors). Two addresses that
 * differ only by one of them look the same on screen, so no staff address may hold one.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}\p{Default_Ignorable_Code_Point}]/u;

/** What a form or a command line may add around an address: ASCII white space only (see INVISIBLE). */
const EDGE_SPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
const MAX_EMAIL_LENGTH = 254;

/**
 * The one spelling of a staff address that every comparison uses (sign-in, single sign-on, the
 * sign-in lockout, resets, the CLI, the unique index): ASCII white space trimmed off the ends, NFC,
 * the local part in lower case, the domain as IDNA A-labels (`exämple.test` is
 * `xn--exmple-cua.test`, as DNS and mail servers see it). Stored in this form in a column compared
 * byte for byte (utf8mb4_bin), so `ädmin@`, `ａｄｍｉｎ@` or `admin@exämple.test` never match
 * `admin@example.test`, as the database's accent- and width-blind collation made them do.
 *
 * Null for what cannot be a staff address: an invisible or control character anywhere (creation
 * refuses it, sign-in matches no account), no `@`, an empty part, a domain IDNA refuses, or over 254
 * characters.
 */
export function normalizeStaffEmail(raw: string): string | null {
  const trimmed = raw.replace(EDGE_SPACE, '');
  if (!trimmed.isWellFormed() || INVISIBLE.test(trimmed)) {
    return null;
  }
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) {
    return null;
  }
  const local = trimmed.slice(0, at).normalize('NFC').toLowerCase().normalize('NFC');
  const domain = domainToASCII(trimmed.slice(at + 1).normalize('NFC'));
  const address = `${local}@${domain}`;
  return domain === '' || address.length > MAX_EMAIL_LENGTH ? null : address;
}

/**
 * The key the sign-in lockout counts an attempt under: the normalised address, or (for input that
 * is no staff address, which matches no account) the input as typed, so its guesses still count.
 */
export function staffEmailAttemptKey(raw: string): string {
  return normalizeStaffEmail(raw) ?? raw;
}
