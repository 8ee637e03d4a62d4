import { createHash } from 'node:crypto';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

import type { SpamReason } from '../submissions/submission-state';

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
/** Forum and HTML link markup: what bots paste into plain-text forms, never a person writing by hand. */
const LINK_MARKUP = /\[url[=\]]|<a\s[^>]*href\s*=/iu;
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
  if (LINK_MARKUP.test(text)) {
    return true;
  }
  const links = countLinks(text);
  if (links >= MANY_LINKS) {
    return true;
  }
  const words = text.split(/\s+/u).filter(Boolean).length;
  return links > 0 && links * 2 >= words;
}

function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}
