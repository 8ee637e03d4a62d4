import { createHash } from 'node:crypto';
import type { AddressObject } from 'mailparser';

/** An address of a mail header: the address itself (domain in lower case), and the display name. */
export interface MailAddress {
  address: string;
  name?: string;
}

/**
 * A received message, as much of it as the service uses: ids (without angle brackets), addresses,
 * subject, the text (never HTML: an HTML-only mail is turned into text) with the new part apart from
 * the quoted history, whether it is automatic, and attachments described (never their content).
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
  text: string;
  newText: string;
  automatic: boolean;
  /**
   * The `Authentication-Results` headers (RFC 8601), unfolded, in the order they stand (the receiving
   * server's own is the topmost). Only one from an `authserv-id` the operator trusts means anything:
   * a sender can write the header too.
   */
  authenticationResults: string[];
  attachments: { name: string; type: string; size: number }[];
}

const ID = /<([^<>\s]+)>/g;

function idsIn(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
  const bracketed = [...text.matchAll(ID)].map((match) => match[1]);
  return bracketed.length > 0 ? bracketed : text.split(/\s+/).filter((id) => id.includes('@'));
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return groups
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .filter((entry) => typeof entry.address === 'string' && entry.address.includes('@'))
    .map((entry) => {
      const at = entry.address!.lastIndexOf('@');
      const address = `${entry.address!.slice(0, at)}@${entry.address!.slice(at + 1).toLowerCase()}`;
      return entry.name ? { address, name: entry.name } : { address };
    });
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

/**
 * The new text of a reply: everything before its quoted history (the first line that starts one, or
 * a run of `>` lines up to the end). Whitespace at the ends trimmed; the whole text when nothing is quoted.
 */
export function newTextOf(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let cut = lines.length;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (QUOTE_START.some((pattern) => pattern.test(line.trim()))) {
      cut = index;
      break;
    }
    if (line.startsWith('>') && lines.slice(index).every((rest) => rest.startsWith('>') || rest.trim() === '')) {
      cut = index;
      break;
    }
  }
  return lines.slice(0, cut).join('\n').trim();
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
 * junk or list; a delivery report; an empty Return-Path, which bounces and auto-replies carry): it is
 * kept, but nothing answers it or is changed by it, so two helpdesks cannot loop.
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
  if (/^(bulk|junk|list)$/i.test(headerText(headers.get('precedence')))) {
    return true;
  }
  if (/^multipart\/report/i.test(contentType) || /delivery-status/i.test(contentType)) {
    return true;
  }
  return headerValues(lines, 'return-path').some((value) => /^<\s*>$/.test(value));
}

/** Parses a raw RFC 5322 message; broken MIME yields what can be read, never an exception. */
export async function parseMail(raw: Buffer): Promise<InboundMail> {
  // Loaded on the first message, not at start-up: an API process that never receives mail does not
  // carry the MIME parser (and its charset tables) in memory.
  const [{ simpleParser }, { convert }] = await Promise.all([import('mailparser'), import('html-to-text')]);
  const parsed = await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true, skipImageLinks: true });
  const lines = (parsed.headerLines ?? []) as { key: string; line: string }[];
  const contentType = String((parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? '');
  // HTML is never shown as HTML: an HTML-only part becomes text (links and images as their text only).
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = (
    parsed.text || (html ? convert(html, { selectors: [{ selector: 'img', format: 'skip' }] }) : '')
  ).replace(/\r\n/g, '\n');
  const [messageId] = idsIn(parsed.messageId);
  return {
    // Without one, an id of its bytes: the same message twice is still one message.
    messageId: messageId ?? `sha256.${createHash('sha256').update(raw).digest('hex')}@inbound.invalid`,
    inReplyTo: idsIn(parsed.inReplyTo),
    references: idsIn(parsed.references),
    from: addressesOf(parsed.from)[0] ?? null,
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    deliveredTo: headerValues(lines, 'delivered-to').flatMap((value) =>
      value.includes('@') ? [{ address: value.replace(/^<|>$/g, '').trim() }] : [],
    ),
    replyTo: addressesOf(parsed.replyTo),
    subject: (parsed.subject ?? '').replace(/[\r\n]+/g, ' ').trim(),
    date: parsed.date ?? null,
    text,
    newText: newTextOf(text),
    automatic: isAutomatic(parsed.headers, lines, contentType),
    authenticationResults: headerValues(lines, 'authentication-results').map((value) => value.replace(/\s+/g, ' ')),
    attachments: parsed.attachments.map((attachment) => ({
      name: attachment.filename ?? '(no name)',
      type: attachment.contentType,
      size: attachment.size,
    })),
  };
}
