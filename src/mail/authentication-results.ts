import { domainToASCII } from 'node:url';

/**
 * Whether the receiving mail server vouched for the From domain (RFC 8601 `Authentication-Results`).
 *
 * Anyone can write an `Authentication-Results` header into the mail they send, so only a header whose
 * `authserv-id` the operator trusts counts, and of those only the topmost: the receiving server adds
 * its own above whatever came in (and should remove incoming ones that claim its id). In that header
 * the sender passes when `dmarc=pass` names the From domain as `header.from`, or, with no DMARC verdict
 * on the From domain, when `spf=pass` names an `smtp.mailfrom` domain aligned with it: the same domain,
 * or one a subdomain of the other (relaxed alignment without the public suffix list, so both must
 * have at least two labels). A DMARC verdict other than pass for the From domain is final.
 *
 * The headers come from a hostile sender: every step is one left-to-right pass, with no regular
 * expression that can backtrack.
 */
export function senderDomainAuthenticated(
  headers: readonly string[],
  fromDomain: string,
  trustedAuthservIds: readonly string[],
): boolean {
  const from = asciiDomain(fromDomain);
  if (trustedAuthservIds.length === 0 || !from) {
    return false;
  }
  const trusted = new Set(trustedAuthservIds.map((id) => id.toLowerCase()));
  const header = headers.map(parseAuthenticationResults).find((parsed) => parsed && trusted.has(parsed.authservId));
  if (!header) {
    return false;
  }
  const dmarc = header.results.filter(
    (result) => result.method === 'dmarc' && asciiDomain(domainOf(result.properties.get('header.from'))) === from,
  );
  if (dmarc.length > 0) {
    return dmarc.every((result) => result.result === 'pass');
  }
  return header.results.some(
    (result) =>
      result.method === 'spf' &&
      result.result === 'pass' &&
      aligned(asciiDomain(domainOf(result.properties.get('smtp.mailfrom'))), from),
  );
}

export interface AuthenticationResult {
  /** The method, lower-case, without its version (`dmarc`, `spf`, `dkim`). */
  method: string;
  /** The result, lower-case (`pass`, `fail`, ...). */
  result: string;
  /** `ptype.property` (lower-case) -> value (unquoted, case kept). */
  properties: Map<string, string>;
}

/** One header: its authserv-id (lower-case) and its results; null when it has no authserv-id. */
export function parseAuthenticationResults(
  value: string,
): { authservId: string; results: AuthenticationResult[] } | null {
  const statements = splitStatements(withoutComments(value));
  const id = tokensOf(statements[0] ?? '')[0];
  if (!id || id === '=') {
    return null;
  }
  const results: AuthenticationResult[] = [];
  for (const statement of statements.slice(1)) {
    const tokens = tokensOf(statement);
    // method[/version] = result, then any number of `name = value` (reason=..., ptype.property=...).
    if (tokens.length < 3 || tokens[1] !== '=') {
      continue;
    }
    const properties = new Map<string, string>();
    let index = 3;
    while (index + 2 < tokens.length) {
      if (tokens[index + 1] !== '=' || tokens[index] === '=') {
        index++;
        continue;
      }
      // The first of a repeated property counts (a second one is nothing a server writes).
      const name = tokens[index].toLowerCase();
      if (!properties.has(name)) {
        properties.set(name, tokens[index + 2]);
      }
      index += 3;
    }
    results.push({
      method: tokens[0].split('/')[0].toLowerCase(),
      result: tokens[2].toLowerCase(),
      properties,
    });
  }
  return { authservId: id.toLowerCase(), results };
}

/** The text with every (nested) comment replaced by a space; quoted strings kept as they are. */
function withoutComments(value: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === '\\') {
      // A quoted pair: the next character is literal wherever it stands.
      if (depth === 0) {
        out += value.slice(index, index + 2);
      }
      index++;
    } else if (quoted) {
      out += char;
      quoted = char !== '"';
    } else if (char === '(') {
      depth++;
    } else if (char === ')' && depth > 0) {
      depth--;
      out += depth === 0 ? ' ' : '';
    } else if (depth === 0) {
      out += char;
      quoted = char === '"';
    }
  }
  return out;
}

/** Splits at the `;` outside quoted strings. */
function splitStatements(value: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === '\\') {
      current += value.slice(index, index + 2);
      index++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ';' && !quoted) {
      statements.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  statements.push(current);
  return statements;
}

/** Words, `=` on its own, and quoted strings (unquoted), in order. */
function tokensOf(statement: string): string[] {
  const tokens: string[] = [];
  let index = 0;
  while (index < statement.length) {
    const char = statement[index];
    if (char === ' ' || char === '\t' || char === '\r' || char === '\n') {
      index++;
    } else if (char === '=') {
      tokens.push('=');
      index++;
    } else if (char === '"') {
      let text = '';
      index++;
      while (index < statement.length && statement[index] !== '"') {
        text += statement[index] === '\\' ? (statement[++index] ?? '') : statement[index];
        index++;
      }
      tokens.push(text);
      index++;
    } else {
      const start = index;
      while (index < statement.length && !' \t\r\n="'.includes(statement[index])) {
        index++;
      }
      tokens.push(statement.slice(start, index));
    }
  }
  return tokens;
}

/** The domain of `user@domain` or of a bare domain. */
function domainOf(value: string | undefined): string {
  return value === undefined ? '' : value.slice(value.lastIndexOf('@') + 1);
}

/** One spelling of a domain: lower-case, punycode, no trailing dot ('' when it is none). */
function asciiDomain(domain: string): string {
  const trimmed = domain.trim().replace(/\.$/, '');
  return trimmed === '' ? '' : domainToASCII(trimmed.toLowerCase());
}

function aligned(a: string, b: string): boolean {
  if (!a || !b || !a.includes('.') || !b.includes('.')) {
    return false;
  }
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}
