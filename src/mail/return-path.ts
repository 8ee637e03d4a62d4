/**
 * The per-message return path (VERP) of mail we send: the envelope sender `<local>+b-<token>@<domain>`
 * of a mailbox the service reads, so that a bounce comes back addressed to the one message it reports.
 * mail/ knows only the address's form; what the token is, and whose, is the sender's business (see
 * ReturnPaths in conversations/).
 */

/** The token's form: 20 base32 characters, lower-cased (100 bits). */
const TOKEN_PATTERN = '[0-9a-z]{20}';

/** `<local>+b-<token>@<domain>` of `mailbox` (an address `local@domain`). */
export function returnPathOf(mailbox: string, token: string): string {
  const at = mailbox.lastIndexOf('@');
  return `${mailbox.slice(0, at)}+b-${token}${mailbox.slice(at)}`;
}

/** How many distinct tokens a bounce is searched for (a hostile one may quote thousands). */
export const RETURN_PATH_TOKENS_MAX = 20;

/**
 * Every return-path token in some text (an address header, the report, the returned headers, a plain
 * bounce's words), lower-cased, the first RETURN_PATH_TOKENS_MAX distinct ones. Linear: a fixed-length
 * token between two fixed marks.
 */
export function returnPathTokensIn(text: string): string[] {
  const tokens = new Set<string>();
  for (const match of text.matchAll(new RegExp(`\\+b-(${TOKEN_PATTERN})@`, 'gi'))) {
    tokens.add(match[1].toLowerCase());
    if (tokens.size >= RETURN_PATH_TOKENS_MAX) {
      break;
    }
  }
  return [...tokens];
}
