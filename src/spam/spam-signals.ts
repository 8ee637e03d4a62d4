import { createHash } from 'node:crypto';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

import type { SpamReason } from '../submissions/lifecycle/submission-state';

export type { SpamReason };

/*
 * Strong signals flag on their own; weak ones only in pairs, so a disposable address alone, or a
 * message that lists a few links, still reaches staff.
 */

const STRONG: readonly SpamReason[] = ['duplicate', 'marked_sender'];
/** How many weak signals together flag a submission. */
const WEAK_ENOUGH = 2;

/** The signals that flag a submission, or none when they do not add up to spam. */
export function verdictOf(signals: SpamReason[]): SpamReason[] {
  const strong = signals.some((signal) => STRONG.includes(signal));
  return strong || signals.length >= WEAK_ENOUGH ? signals : [];
}

/** The fields the checks read (the contract's submission fields). */
export interface SubmissionContent {
  name: string;
  email?: string | null;
  phone?: string | null;
  business?: string | null;
  message?: string | null;
}

/**
 * A fingerprint of what a submission says, so that a bot's copies match however it varies case, spacing
 * or Unicode forms. SHA-256 of the normalised fields: the content itself never reaches Redis.
 */
export function contentFingerprint(content: SubmissionContent): string {
  const normalised = [content.name, content.email, content.phone, content.business, content.message]
    .map((field) => (field ?? '').normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim())
    .join('\u0000');
  return createHash('sha256').update(normalised).digest('base64url');
}

/**
 * The maintained list as a Set, built once. The library's own isDisposableEmail builds this Set of
 * some 7,000 domains again on every call: 40-60 % of a submission's CPU before this was made once.
 */
const DISPOSABLE_DOMAINS: ReadonlySet<string> = disposableEmailBlocklistSet();

/**
 * Every check of a submission's content that needs nothing but the content itself: its fingerprint
 * (for the duplicate check in Redis) and the local signals it raises. Each is linear in the content's
 * length whatever it holds (issue 36: a hostile 64 KiB body goes through all of them in a few
 * milliseconds); the benchmark calls this as the intake does.
 */
export function localSpamChecks(content: SubmissionContent): { fingerprint: string; signals: SpamReason[] } {
  const signals: SpamReason[] = [];
  if (isDisposableAddress(content.email)) {
    signals.push('disposable_domain');
  }
  if (isLinkStuffed(content)) {
    signals.push('link_stuffed');
  }
  return { fingerprint: contentFingerprint(content), signals };
}

/** Whether the address's domain (after its last `@`, trimmed, any case) is on the maintained list. */
export function isDisposableAddress(email: string | null | undefined): boolean {
  if (!email) {
    return false;
  }
  return DISPOSABLE_DOMAINS.has(
    email
      .slice(email.lastIndexOf('@') + 1)
      .trim()
      .toLowerCase(),
  );
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'\]]+/giu;
/*
 * Link markup, what bots paste into plain-text forms and no person writes by hand: forum `[url=` or
 * `[url]`, and an HTML `<a ` whose tag has `href=` before its `>`. Every pattern here is fixed-length or
 * followed by a single run (`\s*`), so a search reads each character a bounded number of times.
 */
const FORUM_LINK = /\[url[=\]]/iu;
const ANCHOR_OPEN = /<a\s/iu;
const HREF = /href\s*=/iu;
/** Links in a message at or above which it is link-stuffed whatever its length. */
const MANY_LINKS = 3;

/**
 * Link-stuffed: a link in the name (no person's name has one), link markup, three or more links in the
 * message or the business field, or a message that is mostly links (one link for every other word).
 */
export function isLinkStuffed(content: SubmissionContent): boolean {
  if (countLinks(content.name) > 0) {
    return true;
  }
  const text = `${content.business ?? ''} ${content.message ?? ''}`;
  if (hasLinkMarkup(text)) {
    return true;
  }
  const links = countLinks(text);
  if (links >= MANY_LINKS) {
    return true;
  }
  // Only a message of at most two words per link is mostly links: counting stops there, so a long
  // message is never split into every word it has.
  return links > 0 && !hasMoreWordsThan(text, links * 2);
}

function hasMoreWordsThan(text: string, limit: number): boolean {
  const word = /\S+/gu;
  let words = 0;
  while (word.exec(text) !== null) {
    if (++words > limit) {
      return true;
    }
  }
  return false;
}

function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/**
 * Forum or HTML link markup (see FORUM_LINK). Linear (issue 36): the regex `<a\s[^>]*href\s*=` read the
 * rest of a tag again from every `<a ` in it, so 10 000 characters of `<a <a <a` took 100 ms and 64 KiB
 * seconds. Here the text is cut at each `>`, and in each piece only the first `<a ` counts: a later one's
 * rest lies inside the first one's, so looking for `href=` once after the first answers for all of them.
 */
export function hasLinkMarkup(text: string): boolean {
  if (FORUM_LINK.test(text)) {
    return true;
  }
  for (let start = 0; start < text.length;) {
    const close = text.indexOf('>', start);
    const end = close === -1 ? text.length : close;
    const piece = text.slice(start, end);
    const open = piece.search(ANCHOR_OPEN);
    if (open !== -1 && HREF.test(piece.slice(open + 2))) {
      return true;
    }
    start = end + 1;
  }
  return false;
}
