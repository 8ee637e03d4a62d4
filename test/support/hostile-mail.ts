/**
 * The hostile messages of the mail door's security test (issue 36): each one a message an attacker
 * can send the support address, built to fit INBOUND_MAX_BYTES (10 MiB by default). The tests send
 * them through the route and a real Dovecot; `npm run bench` measures what each costs the service.
 */

const CRLF = '\r\n';

function message(headers: string[], body: string): Buffer {
  return Buffer.from(`${headers.join(CRLF)}${CRLF}${CRLF}${body}`);
}

function basics(id: string, subject = 'Hostile'): string[] {
  return [
    'From: Mallory <mallory@attacker.test>',
    'To: support@intake.test',
    `Subject: ${subject}`,
    `Message-ID: <${id}@attacker.test>`,
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
  ];
}

/**
 * A run of `>` lines with a line of text after it: the quoted-history split was quadratic, since for
 * each `>` line it checked whether only quotes followed, reading to the last line every time.
 */
export function quoteRun(id: string, lines: number): Buffer {
  return message([...basics(id), 'Content-Type: text/plain; charset=utf-8'], `Hi\r\n${'>\r\n'.repeat(lines)}bye\r\n`);
}

/** HTML of nested `<div>`s (the HTML-to-text conversion recursed once per level). */
export function nestedDivs(id: string, depth: number): Buffer {
  return message(
    [...basics(id), 'Content-Type: text/html; charset=utf-8'],
    `${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`,
  );
}

/** A multipart/mixed of many small parts. */
export function manyParts(id: string, parts: number): Buffer {
  const boundary = 'b0undary';
  const part = `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n`;
  return message(
    [...basics(id), `Content-Type: multipart/mixed; boundary="${boundary}"`],
    `${part.repeat(parts)}--${boundary}--\r\n`,
  );
}

/** Multiparts nested in each other. */
export function deepMultipart(id: string, depth: number): Buffer {
  let body = 'Content-Type: text/plain\r\n\r\ninnermost\r\n';
  for (let level = depth; level > 0; level--) {
    const boundary = `b${level}`;
    body = `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\n${body}--${boundary}--\r\n`;
  }
  const [head, ...rest] = body.split(CRLF + CRLF);
  return message([...basics(id), head], rest.join(CRLF + CRLF));
}

/** One header of `bytes` (a Subject, folded every 76 characters as a mailer would). */
export function hugeHeader(id: string, bytes: number): Buffer {
  const words = 'word '.repeat(Math.ceil(bytes / 5)).slice(0, bytes);
  const folded = words.match(/.{1,76}/g)!.join('\r\n ');
  return message([...basics(id, folded)], 'Hi');
}

/** Many header lines. */
export function manyHeaderLines(id: string, lines: number): Buffer {
  const extra = Array.from({ length: lines }, (_, index) => `X-Filler-${index % 100}: ${index}`);
  return message([...basics(id), ...extra], 'Hi');
}

/** A Cc of many addresses. */
export function manyCc(id: string, addresses: number): Buffer {
  const list = Array.from({ length: addresses }, (_, index) => `u${index}@cc.test`).join(',\r\n ');
  return message([...basics(id), `Cc: ${list}`], 'Hi');
}

/** Every hostile message of the issue, by name, at the sizes it names (each under 10 MiB). */
export function hostileMessages(prefix: string): { name: string; raw: Buffer }[] {
  return [
    { name: '40 000 quote lines (120 KB)', raw: quoteRun(`${prefix}-quotes-small`, 40_000) },
    { name: '1 000 000 quote lines', raw: quoteRun(`${prefix}-quotes`, 1_000_000) },
    { name: '100 000 nested <div>', raw: nestedDivs(`${prefix}-divs`, 100_000) },
    { name: '50 000 parts', raw: manyParts(`${prefix}-parts`, 50_000) },
    { name: '2 000-deep multipart', raw: deepMultipart(`${prefix}-deep`, 2_000) },
    { name: '1 MiB header', raw: hugeHeader(`${prefix}-header`, 1024 * 1024) },
    { name: '200 000 header lines', raw: manyHeaderLines(`${prefix}-lines`, 200_000) },
    { name: '100 000 Cc addresses', raw: manyCc(`${prefix}-cc`, 100_000) },
  ];
}

/**
 * `Authentication-Results` values built to make a parser backtrack or loop (unclosed comments, endless
 * pairs, escapes, 20 000 results): each must read as no verdict, and quickly (the bench times them).
 */
export const HOSTILE_AUTHENTICATION_RESULTS = [
  `mx.intake.test; ${'('.repeat(100_000)}`,
  `mx.intake.test; ${'a='.repeat(100_000)}`,
  `mx.intake.test; ${'"\\'.repeat(100_000)}`,
  `mx.intake.test; ${'dmarc=pass header.from=x.test; '.repeat(20_000)}`,
];
