import { codePointLength } from '../../http/validation/contract-fields';

/** At most this many labels on one submission (after duplicates are folded). */
export const MAX_TAGS = 10;
/** A label's length in code points, after trimming. */
export const MAX_TAG_LENGTH = 40;
/**
 * A list longer than this is refused before any folding: ten labels spelled a few ways each is plenty,
 * and nobody needs the service to fold a megabyte of duplicates.
 */
const MAX_RAW_TAGS = 100;

/**
 * What a label may hold: no control character at all (not even tab or a line break: a label is one
 * line), and no comma, so a list of labels reads unambiguously as `a, b` (the CSV export's cell, the
 * way people type several).
 */
const TAG_CHARACTERS = /^[^,\u0000-\u001F\u007F-\u009F]*$/;

/** The OpenAPI pattern of one label: something but white space, no comma, no control character. */
export const TAG_PATTERN = '^(?!\\s*$)[^,\\u0000-\\u001F\\u007F-\\u009F]*$';

/** A label as stored and shown: trimmed, in NFC. */
export function tagSpelling(raw: string): string {
  return raw.trim().normalize('NFC');
}

/**
 * What labels are compared by (duplicates, the `tag` filter): the spelling, case-folded the way full
 * Unicode case folding does for what matters here (upper then lower case: `ß` and `SS` meet as `ss`,
 * `ς` and `Σ` as `σ`), in NFC again since folding may decompose. Nothing else is folded: `é` stays
 * apart from `e`.
 */
export function tagKey(raw: string): string {
  return tagSpelling(raw).toUpperCase().toLowerCase().normalize('NFC');
}

/** One acceptable label, before trimming: well-formed text of 1-40 code points once trimmed. */
export function isTag(value: unknown): value is string {
  if (typeof value !== 'string' || !value.isWellFormed() || !TAG_CHARACTERS.test(value)) {
    return false;
  }
  const length = codePointLength(tagSpelling(value));
  return length >= 1 && length <= MAX_TAG_LENGTH;
}

/**
 * The labels staff sent, as stored: each trimmed and in NFC, duplicates (compared by tagKey) folded
 * into the first spelling, in the order given. Null when the list is not acceptable: not an array, a
 * label that is not (isTag), or more than MAX_TAGS once folded.
 */
export function normalizedTags(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > MAX_RAW_TAGS || !value.every(isTag)) {
    return null;
  }
  const byKey = new Map<string, string>();
  for (const raw of value) {
    const key = tagKey(raw);
    if (!byKey.has(key)) {
      byKey.set(key, tagSpelling(raw));
    }
  }
  return byKey.size <= MAX_TAGS ? [...byKey.values()] : null;
}
