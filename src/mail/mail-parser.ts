import { createHash } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import { returnPathTokensIn } from './return-path';

/** An address of a mail header: the address itself (domain in lower case), and the display name. */
export interface MailAddress {
  address: string;
  name?: string;
}

/**
 * A received message, as much of it as the service uses: ids (without angle brackets), addresses,
 * subject, the text (never HTML: an HTML-only mail is turned into text) split into the new part and
 * the quoted history, whether it is automatic, and its attached files with their bytes.
 * Every field is bounded (see MAIL_BOUNDS): a hostile message cannot make it large, whatever it holds
 * (the files' bytes are bounded by the message's own size, INBOUND_MAX_BYTES).
 */
export interface InboundMail {
  messageId: string;
  inReplyTo: string[];
  references: string[];
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  deliveredTo: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  date: Date | null;
  /** The new text of the message (before its quoted history). */
  newText: string;
  /** The quoted history after it, or null when nothing is quoted. */
  quoted: string | null;
  automatic: boolean;
  /**
   * The `Authentication-Results` headers (RFC 8601), unfolded, in the order they stand (the receiving
   * server's own is the topmost). Only one from an `authserv-id` the operator trusts means anything:
   * a sender can write the header too.
   */
  authenticationResults: string[];
  attachments: MailFile[];
  /** What a delivery-status notification or a bounce says of mail that did not arrive (null: not a bounce). */
  bounce: MailBounce | null;
}

/**
 * A bounce: a delivery-status notification (RFC 3464, multipart/report) or a mail server's plain
 * "undeliverable" message. `failed`: delivery failed for good (a DSN that reports a delay, or a success,
 * is not a failure); `status` the RFC 3463 code (`5.1.1`); `diagnostic` the server's words; `messageIds`
 * the Message-IDs it names (of the returned message, In-Reply-To, References), among which the
 * receiver finds its own. Anyone can write all of that: what binds a bounce to mail we sent is
 * `returnPathTokens`, the tokens of our per-message return paths (see return-path.ts) it is addressed
 * to (Delivered-To, X-Original-To, Envelope-To, To) or quotes (the report's fields, the returned headers).
 * `reportingServer` and `remoteServer`: the servers it names (Reporting-MTA, or a plain bounce's
 * sender's domain; Remote-MTA), host names or address literals only, as the bounce claims them.
 */
export interface MailBounce {
  failed: boolean;
  status: string | null;
  diagnostic: string | null;
  messageIds: string[];
  returnPathTokens: string[];
  reportingServer: string | null;
  remoteServer: string | null;
}

/** A file a message carried: its name and type as the sender declared them, and its bytes. */
export interface MailFile {
  name: string;
  type: string;
  size: number;
  /** In a buffer of its own (never a view into a larger one), so the main thread is handed only it (see ownBytesOf). */
  content: Uint8Array;
}

/**
 * How much of a message the service keeps, whatever the message holds: what it stores fits its
 * columns (a Message-ID in 255 characters, a subject in 2 000), what matching reads is a short list,
 * and the object handed from the parsing thread to the main one stays small (100 000 Cc addresses
 * would take the main thread longer to receive than a request may wait).
 */
export const MAIL_BOUNDS = {
  /** Characters of a Message-ID; a longer one is replaced by an id of its hash. */
  idLength: 255,
  /** Ids of In-Reply-To and References each (the last ones: the nearest ancestors). */
  ids: 50,
  /** Addresses of To, Cc, Delivered-To and Reply-To each (the first ones). */
  addresses: 100,
  addressLength: 320,
  nameLength: 200,
  subjectLength: 1_000,
  /** Characters of the new text and of the quoted history each. */
  textLength: 1_000_000,
  attachments: 100,
  attachmentNameLength: 255,
  /** Authentication-Results headers kept (the topmost ones: the receiving servers') and their length. */
  authenticationResults: 10,
  authenticationResultLength: 2_000,
} as const;

const ID = /<([^<>\s]+)>/g;

function boundedId(id: string): string {
  return id.length <= MAIL_BOUNDS.idLength
    ? id
    : `sha256.${createHash('sha256').update(id).digest('hex')}@inbound.invalid`;
}

function idsIn(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
  const bracketed = [...text.matchAll(ID)].map((match) => match[1]);
  const ids = bracketed.length > 0 ? bracketed : text.split(/\s+/).filter((id) => id.includes('@'));
  return ids.slice(-MAIL_BOUNDS.ids).map(boundedId);
}

function truncated(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const addresses: MailAddress[] = [];
  for (const entry of groups.flatMap((group) => group.value).flatMap((one) => (one.group ? one.group : [one]))) {
    if (addresses.length >= MAIL_BOUNDS.addresses) {
      break;
    }
    if (typeof entry.address !== 'string' || !entry.address.includes('@')) {
      continue;
    }
    const at = entry.address.lastIndexOf('@');
    const address = `${entry.address.slice(0, at)}@${entry.address.slice(at + 1).toLowerCase()}`;
    if (address.length > MAIL_BOUNDS.addressLength) {
      continue;
    }
    addresses.push(entry.name ? { address, name: truncated(entry.name, MAIL_BOUNDS.nameLength) } : { address });
  }
  return addresses;
}

/** Every value of a header that may appear more than once (Delivered-To, Return-Path), from the raw lines. */
function headerValues(lines: { key: string; line: string }[], name: string): string[] {
  return lines.filter((line) => line.key === name).map((line) => line.line.slice(line.line.indexOf(':') + 1).trim());
}

/** Lines that start the quoted history: "On ... wrote:", Outlook's separators, then `>` lines. */
const QUOTE_START = [
  /^On .{1,300}wrote:\s*$/i,
  /^Le .{1,300}a écrit\s*:\s*$/i,
  /^Am .{1,300}schrieb .{0,200}:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^From:\s.+$/,
  /^_{10,}\s*$/,
];

const QUOTE_START_MAX = 600;

/**
 * The new text of a reply and its quoted history: the new text is everything before the first line
 * that starts a history, or before the run of `>` (and blank) lines that ends the text. Whitespace at
 * the ends trimmed; the whole text when nothing is quoted. One pass forwards and one backwards: linear
 * in the text, whatever it holds (a scan of the rest for each `>` line made 40 000 of them take 18 s).
 */
export function splitQuoted(text: string): { newText: string; quoted: string | null } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  // Where the trailing run of `>` and blank lines begins (lines.length when the text ends otherwise).
  let trailingQuote = lines.length;
  while (trailingQuote > 0 && (lines[trailingQuote - 1].startsWith('>') || lines[trailingQuote - 1].trim() === '')) {
    trailingQuote -= 1;
  }
  let cut = lines.length;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (index >= trailingQuote && line.startsWith('>')) {
      cut = index;
      break;
    }
    // A line that starts a history is short: longer ones are not tested, so no pattern meets more
    // than QUOTE_START_MAX characters of a line.
    if (line.length <= QUOTE_START_MAX && QUOTE_START.some((pattern) => pattern.test(line.trim()))) {
      cut = index;
      break;
    }
  }
  const quoted = lines.slice(cut).join('\n').trim();
  return { newText: lines.slice(0, cut).join('\n').trim(), quoted: quoted === '' ? null : quoted };
}

/** The new text of a reply (see splitQuoted). */
export function newTextOf(text: string): string {
  return splitQuoted(text).newText;
}

/** A header mailparser kept as text (structured ones are objects with a `value`). */
function headerText(value: unknown): string {
  if (typeof value === 'string') {
    return value.trim();
  }
  const inner = (value as { value?: unknown } | undefined)?.value;
  return typeof inner === 'string' ? inner.trim() : '';
}

/**
 * Whether a message was sent by a machine (RFC 3834 Auto-Submitted other than `no`; Precedence bulk,
 * junk, list or auto_reply; `X-Autoreply: yes`, which some vacation responders send instead; a
 * delivery report; an empty Return-Path, which bounces and auto-replies carry): it is kept, but nothing
 * answers it or is changed by it, so two helpdesks cannot loop.
 */
function isAutomatic(
  headers: Map<string, unknown>,
  lines: { key: string; line: string }[],
  contentType: string,
): boolean {
  const autoSubmitted = headerText(headers.get('auto-submitted')).toLowerCase();
  if (autoSubmitted !== '' && autoSubmitted !== 'no') {
    return true;
  }
  if (/^(bulk|junk|list|auto_reply)$/i.test(headerText(headers.get('precedence')))) {
    return true;
  }
  if (/^yes$/i.test(headerText(headers.get('x-autoreply')))) {
    return true;
  }
  if (/^multipart\/report/i.test(contentType) || /delivery-status/i.test(contentType)) {
    return true;
  }
  return headerValues(lines, 'return-path').some((value) => /^<\s*>$/.test(value));
}

/** Headers that say where a message was delivered: a bounce addressed to our return path names it here. */
const RECIPIENT_HEADERS = ['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to', 'to'];

/** Subjects a mail server gives a bounce that is not a delivery-status notification. */
const BOUNCE_SUBJECT =
  /undeliver|delivery (status notification|failure|has failed|incomplete)|returned mail|failure notice|mail delivery failed|non-?delivery|could not be delivered/i;
/** Senders of such bounces (a plain bounce must come from one of these). */
const BOUNCE_SENDER = /^(mailer-daemon|postmaster|mail-daemon)@/i;
/** How much of a bounce's parts is searched for the returned message's ids. */
const BOUNCE_SCAN = 256 * 1024;

/**
 * A server as a bounce names it (`dns; mx.example.com`, `mx.example.com [192.0.2.1]`): the host name or
 * address literal alone, at most 253 characters, or null. Nothing else of the sender's text is kept.
 */
function serverNameOf(value: string | undefined): string | null {
  // `<type>; <name>` (RFC 3464's mta-name-type, `dns` in practice), or a name alone.
  const text = (value ?? '').trim();
  const name = /^(\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?=$|[\s;([])/i.exec(
    /^[a-z0-9-]{1,20};/i.test(text) ? text.slice(text.indexOf(';') + 1).trim() : text,
  )?.[1];
  return name ? name.toLowerCase() : null;
}

/** The fields of a delivery-status part (RFC 3464): unfolded; per recipient, the first that failed. */
function deliveryStatusOf(text: string): {
  action: string | null;
  status: string | null;
  diagnostic: string | null;
  reportingServer: string | null;
  remoteServer: string | null;
} {
  const blocks = text
    .slice(0, BOUNCE_SCAN)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n\s*\r?\n/);
  const fieldsOf = (block: string) =>
    new Map(
      block
        .split(/\r?\n/)
        .map((line) => /^([A-Za-z-]+):\s*(.*)$/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => [match[1].toLowerCase(), match[2].trim()]),
    );
  const fields = blocks.map(fieldsOf);
  const recipients = fields.filter((block) => block.has('action') || block.has('status'));
  const chosen = recipients.find((block) => /^failed$/i.test(block.get('action') ?? '')) ?? recipients[0];
  const reportingServer = serverNameOf(fields.find((block) => block.has('reporting-mta'))?.get('reporting-mta'));
  if (!chosen) {
    return { action: null, status: null, diagnostic: null, reportingServer, remoteServer: null };
  }
  const status = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(chosen.get('status') ?? '')?.[1] ?? null;
  const diagnostic = (chosen.get('diagnostic-code') ?? '').replace(/^[a-z-]+;\s*/i, '');
  return {
    action: chosen.get('action')?.toLowerCase() ?? null,
    status,
    diagnostic: diagnostic ? withoutAddresses(truncated(diagnostic, 1_000)) : null,
    reportingServer,
    remoteServer: serverNameOf(chosen.get('remote-mta')),
  };
}

/** Every `Message-ID: <...>` in some text (the returned message's headers, or a bounce quoting them). */
function quotedMessageIds(text: string): string[] {
  // Linear whatever the text: spaces and tabs only (\s would also take line ends), and the quote mark's
  // spaces only after a `>`, so no two runs of blanks side by side can split one run every way (`^\s*>?\s*`
  // took 26 s over 6 000 characters of blank lines).
  return [...text.slice(0, BOUNCE_SCAN).matchAll(/^[ \t]*(?:>[ \t]*)?Message-ID:[ \t]*<([^<>\s]+)>/gim)]
    .map((match) => boundedId(match[1]))
    .slice(0, MAIL_BOUNDS.ids);
}

/**
 * What a message says as a bounce, or null when it is not one: a delivery-status notification, or an
 * automatic message from a mail server (MAILER-DAEMON, postmaster) whose subject says delivery failed
 * and is not an answer (`Re:`, an out-of-office), with the failure's status and words as its text
 * gives them. The ids it names are taken from the returned message only (its part, or its headers as
 * the text quotes them), never from In-Reply-To or References, which an auto-reply to our mail carries
 * too; and only once the message is known to be a bounce.
 */
function bounceOf(
  parsed: { attachments: { contentType: string; content: Buffer }[] },
  lines: { key: string; line: string }[],
  contentType: string,
  contentTypeLine: string,
  from: string | null,
  subject: string,
  text: string,
  automatic: boolean,
): MailBounce | null {
  const returnedParts = () =>
    parsed.attachments
      .filter((part) => /^(message\/rfc822|text\/rfc822-headers)$/i.test(part.contentType))
      .map((part) => part.content.subarray(0, BOUNCE_SCAN).toString('latin1'));
  const returnedIds = () =>
    [...new Set([...returnedParts().flatMap(quotedMessageIds), ...quotedMessageIds(text)])].slice(0, MAIL_BOUNDS.ids);
  // Where the bounce was delivered (as the receiving server recorded it, or as its sender wrote it),
  // then what it quotes: the report's fields (Postfix names the envelope sender there), the returned
  // message's headers, a plain bounce's words.
  const tokensIn = (...texts: string[]) =>
    returnPathTokensIn(
      [
        ...RECIPIENT_HEADERS.flatMap((name) => headerValues(lines, name).slice(0, 10)).map((value) =>
          value.slice(0, 1_000),
        ),
        ...texts.map((one) => one.slice(0, BOUNCE_SCAN)),
      ].join('\n'),
    );
  if (/^multipart\/report/i.test(contentType) && /report-type\s*=\s*"?delivery-status/i.test(contentTypeLine)) {
    // mailparser reads a message/delivery-status part as text: its fields follow the human part.
    const report = parsed.attachments.find((part) => /^message\/(global-)?delivery-status$/i.test(part.contentType));
    const reportText = report ? report.content.subarray(0, BOUNCE_SCAN).toString('utf8') : text;
    const { action, status, diagnostic, reportingServer, remoteServer } = deliveryStatusOf(reportText);
    return {
      failed: action === 'failed' || status?.startsWith('5.') === true,
      status,
      diagnostic,
      messageIds: returnedIds(),
      returnPathTokens: tokensIn(reportText, ...returnedParts(), text),
      reportingServer,
      remoteServer,
    };
  }
  const answer =
    /^\s*(re|aw|sv|antw|fw|fwd)\s*:/i.test(subject) ||
    /automatic reply|out of (the )?office|auto-?reply/i.test(subject);
  if (!automatic || from === null || !BOUNCE_SENDER.test(from) || answer || !BOUNCE_SUBJECT.test(subject)) {
    return null;
  }
  const scanned = text.slice(0, BOUNCE_SCAN);
  const line = /^.*\b[45]\d\d[ -](?:[45]\.\d{1,3}\.\d{1,3}\b)?.*$/m.exec(scanned)?.[0]?.trim() ?? null;
  return {
    failed: true,
    status: /\b([45]\.\d{1,3}\.\d{1,3})\b/.exec(scanned)?.[1] ?? null,
    diagnostic: line ? withoutAddresses(truncated(line, 1_000)) : null,
    messageIds: returnedIds(),
    returnPathTokens: tokensIn(...returnedParts(), scanned),
    reportingServer: serverNameOf(from.slice(from.lastIndexOf('@') + 1)),
    remoteServer: null,
  };
}

/**
 * A mail server's words with every e-mail address replaced by `<address>`: they are kept on the
 * message (its last error, not a sealed column) and the address is the requester's.
 */
function withoutAddresses(words: string): string {
  return words.replace(/<?[^\s<>@"]+@[^\s<>@"]+>?/g, '<address>');
}

/** Characters of HTML converted to text (longer HTML is cut first). */
const HTML_MAX = 2_000_000;

/** Elements that have no end tag, so they do not nest. */
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));
/** Nesting no mail editor writes; the HTML parser's time grows with the square of it. */
const HTML_DEPTH_MAX = 2_000;

/**
 * The HTML, or its text with every tag removed when its elements nest deeper than HTML_DEPTH_MAX:
 * htmlparser2 (under html-to-text) takes time in the square of the depth (100 000 nested `<div>` took
 * 8.6 s). One linear pass counts the depth; tags are removed by a pattern that never looks past the
 * next `<`, so it is linear too.
 */
function flattenedIfTooDeep(html: string): string {
  let depth = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,30})[^<>]*?(\/?)>/g)) {
    if (match[1]) {
      depth = Math.max(0, depth - 1);
    } else if (!match[3] && !VOID_ELEMENTS.has(match[2].toLowerCase())) {
      depth += 1;
      if (depth > HTML_DEPTH_MAX) {
        return html.replace(/<[^<>]*>/g, ' ');
      }
    }
  }
  return html;
}

/**
 * A file's bytes in a buffer of their own, so moving them to the main thread moves nothing else:
 * mailparser joins a file's pieces into a new buffer, which a file of more than a few KiB has to
 * itself (taken as it is: a copy would hold a 25 MiB file twice); a small one may share Node's pool,
 * and is copied.
 */
function ownBytesOf(content: Buffer): Uint8Array {
  const whole = content.byteOffset === 0 && content.byteLength === content.buffer.byteLength;
  return whole && content.buffer instanceof ArrayBuffer
    ? new Uint8Array(content.buffer, 0, content.byteLength)
    : new Uint8Array(content);
}

/** Parses a raw RFC 5322 message; broken MIME yields what can be read, never an exception. */
export async function parseMail(raw: Buffer): Promise<InboundMail> {
  // Loaded on the first message, not at start-up: an API process that never receives mail does not
  // carry the MIME parser (and its charset tables) in memory.
  const [{ simpleParser }, { convert }] = await Promise.all([import('mailparser'), import('html-to-text')]);
  // mailparser's own HTML-to-text is off: ours below runs with limits.
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const lines = (parsed.headerLines ?? []) as { key: string; line: string }[];
  const contentType = String((parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? '');
  // HTML is never shown as HTML: an HTML-only part becomes text (links and images as their text only),
  // within limits: 100 000 nested <div> took the converter 8.6 s to overflow its stack.
  const html = typeof parsed.html === 'string' ? flattenedIfTooDeep(parsed.html.slice(0, HTML_MAX)) : '';
  const text = (
    parsed.text ||
    (html
      ? convert(html, {
          selectors: [{ selector: 'img', format: 'skip' }],
          limits: { maxDepth: 100, maxChildNodes: 10_000, maxInputLength: HTML_MAX },
        })
      : '')
  ).replace(/\r\n/g, '\n');
  const [messageId] = idsIn(parsed.messageId);
  const { newText, quoted } = splitQuoted(text);
  const from = addressesOf(parsed.from)[0] ?? null;
  const subject = truncated((parsed.subject ?? '').replace(/[\r\n]+/g, ' ').trim(), MAIL_BOUNDS.subjectLength);
  const automatic = isAutomatic(parsed.headers, lines, contentType);
  const bounce = bounceOf(
    parsed,
    lines,
    contentType,
    headerValues(lines, 'content-type').join(' '),
    from?.address ?? null,
    subject,
    text,
    automatic,
  );
  return {
    // Without one, an id of its bytes: the same message twice is still one message.
    messageId: messageId ?? `sha256.${createHash('sha256').update(raw).digest('hex')}@inbound.invalid`,
    inReplyTo: idsIn(parsed.inReplyTo),
    references: idsIn(parsed.references),
    from,
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    deliveredTo: headerValues(lines, 'delivered-to')
      .map((value) => value.replace(/^<|>$/g, '').trim())
      .filter((address) => address.includes('@') && address.length <= MAIL_BOUNDS.addressLength)
      .slice(0, MAIL_BOUNDS.addresses)
      .map((address) => ({ address })),
    replyTo: addressesOf(parsed.replyTo),
    subject,
    date: parsed.date ?? null,
    newText: truncated(newText, MAIL_BOUNDS.textLength),
    quoted: quoted === null ? null : truncated(quoted, MAIL_BOUNDS.textLength),
    automatic,
    authenticationResults: headerValues(lines, 'authentication-results')
      .slice(0, MAIL_BOUNDS.authenticationResults)
      .map((value) => truncated(value.replace(/\s+/g, ' '), MAIL_BOUNDS.authenticationResultLength)),
    bounce,
    // A bounce's parts (the report, the returned message) are not files anyone sent.
    attachments: (bounce ? [] : parsed.attachments).slice(0, MAIL_BOUNDS.attachments).map((attachment) => ({
      name: truncated(attachment.filename ?? '(no name)', MAIL_BOUNDS.attachmentNameLength),
      type: truncated(attachment.contentType, 255),
      size: attachment.content.length,
      content: ownBytesOf(attachment.content),
    })),
  };
}

/** How much of an unreadable message's head glanceAtHeaders reads. */
const GLANCE_BYTES = 64 * 1024;

/**
 * What can be told of a message the parser could not read within its budget: its Message-ID, From
 * (the address in angle brackets when there is one) and Subject as they stand in the first 64 KiB
 * (unfolded, not decoded, bounded), read by one pass
 * over those bytes on the calling thread, so it is cheap whatever the message holds. Without a
 * Message-ID, an id of the message's bytes, so a second delivery of it is the same message.
 */
export function glanceAtHeaders(raw: Buffer): { messageId: string; from: string | null; subject: string | null } {
  const head = raw.subarray(0, GLANCE_BYTES).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const fields = new Map<string, string>();
  let current: string | null = null;
  for (const line of (end < 0 ? head : head.slice(0, end)).split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && current !== null) {
      if (fields.get(current)!.length < MAIL_BOUNDS.subjectLength) {
        fields.set(current, `${fields.get(current)!} ${line.trim()}`);
      }
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '';
    current = ['message-id', 'from', 'subject'].includes(name) && !fields.has(name) ? name : null;
    if (current !== null) {
      fields.set(current, line.slice(colon + 1).trim());
    }
  }
  const bounded = (name: string, length: number) => {
    const value = fields.get(name)?.slice(0, length).trim();
    return value ? value : null;
  };
  const [messageId] = idsIn(fields.get('message-id') ?? '');
  const from = bounded('from', MAIL_BOUNDS.addressLength);
  return {
    messageId: messageId ?? `sha256.${createHash('sha256').update(raw).digest('hex')}@inbound.invalid`,
    // The address alone, as for mail that was read, when the header has one in angle brackets.
    from: from === null ? null : (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from),
    subject: bounded('subject', 500),
  };
}
