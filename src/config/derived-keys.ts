import { hkdfSync } from 'node:crypto';

/**
 * Every purpose a key is derived for, with its HKDF label (info). One secret (JWT_SECRET, a data key,
 * EMAIL_HASH_KEY) gives each purpose a key of its own, so a key leaked or misused in one place opens
 * nothing in another. The labels are part of what was stored and sent (reply addresses, rating links,
 * e-mail hashes, erasure log entries): changing one breaks them all, so a new purpose adds a label.
 */
const KEY_LABELS = {
  /** The envelope sender's tag of a reply (conversations/return-paths.ts), from JWT_SECRET. */
  'return-path': 'contact-intake return path',
  /** The token in a reply's Message-ID and Reply-To (conversations/thread-ids.ts), from JWT_SECRET. */
  'reply-token': 'contact-intake reply token',
  /** A satisfaction survey's links (ratings/rating-links.ts), from JWT_SECRET. */
  'rating-link': 'contact-intake rating link',
  /** Keyed hashes of e-mail addresses: the audit trail's from JWT_SECRET, the rows' from each data key. */
  'email-hash': 'contact-intake email hash',
  /** The erasure log's hashes (privacy/erasure-log.service.ts), from EMAIL_HASH_KEY. */
  'erasure-log': 'contact-intake erasure log',
} as const;

export type KeyPurpose = keyof typeof KEY_LABELS;

/** The 32-byte key for `purpose` derived from `secret` (HKDF-SHA256, no salt). */
export function deriveKey(secret: string | Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', KEY_LABELS[purpose], 32));
}
