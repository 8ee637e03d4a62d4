/**
 * InnoDB's default FULLTEXT stopwords (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD): they are not
 * indexed, so a required `+com*` would match nothing. They are left out of a search.
 */
const STOPWORDS = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(
    ' ',
  ),
);

/**
 * Turns what staff type into a FULLTEXT boolean-mode expression: every word required, each as a prefix
 * (`+word*`). Only letters, digits and `_` survive, so no operator a user types (quotes, `-`, `~`,
 * parentheses, `@` in an e-mail address) reaches MySQL's parser. Null when no searchable word is left.
 */
export function toBooleanSearch(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((word) => !STOPWORDS.has(word));
  return words.length > 0 ? words.map((word) => `+${word}*`).join(' ') : null;
}
