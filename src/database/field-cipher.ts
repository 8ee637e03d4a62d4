import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { deriveKey } from '../config/derived-keys';
import { EncryptionKey } from './encryption-keys';
import { legacyMatchedEmail, matchedEmail } from './matched-email';
import { sha256Hex } from './sha256';

/** The first byte of every sealed value: the layout below, so a later one can be told apart. */
const FORMAT_V1 = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The columns of each table that hold personal data: sealed when encryption at rest is on. */
export const SEALED_COLUMNS = {
  submissions: ['name', 'email', 'phone', 'business', 'message', 'fieldValues'],
  submission_notes: ['body'],
  // Signing secrets: whoever reads them can forge webhooks to the receiver (issue 24).
  webhook_destinations: ['secret', 'previousSecret'],
  conversation_messages: ['fromAddress', 'subject', 'body', 'quoted'],
  inbound_unmatched: ['fromAddress', 'subject'],
  // What identifies a file: its name, hash and type (its bytes are sealed chunk by chunk: see
  // AttachmentStore). Its size stays clear: the byte accounting sums it in SQL, and alone it names nothing.
  attachments: ['name', 'sha256', 'type'],
  // The mailbox's OAuth2 grant: whoever reads it reads the mailbox.
  mailbox_connections: ['refreshToken', 'accessToken'],
  // An authenticator app's secret: whoever reads it makes the account's codes.
  staff_totp: ['secret'],
  // A requester's comment on their rating: their own words.
  satisfaction_surveys: ['comment'],
} as const;
export type SealedTable = keyof typeof SEALED_COLUMNS;

/**
 * Columns sealed after rows under a key already existed (issue 53: a file's hash and type): such a row
 * holds them in clear beside values sealed under its key until `privacy reencrypt` seals them, so a
 * value of these columns that is not in the sealed format opens as itself. The clear values here (hex,
 * lower-case media types) never start with the format byte's first base64 character.
 */
export const SEALED_LATER: { readonly [T in SealedTable]?: readonly (typeof SEALED_COLUMNS)[T][number][] } = {
  attachments: ['sha256', 'type'],
};

/** Where a sealed value belongs: it opens only there (the additional data binds it). */
export interface SealedPlace {
  /** A sealed table, or the pieces of stored files (sealed as bytes, see AttachmentStore). */
  table: SealedTable | 'attachment_chunks';
  rowId: string;
  column: string;
}

/** A row of a sealed table: its id, the key its values are sealed with (null: clear) and its columns. */
export type SealableRow = { id: string; encKeyId: string | null };

/** How many (row, reason) pairs are remembered as logged: each unreadable row is logged once, not per read. */
const LOGGED_UNREADABLE = 10_000;

/** A stored value that does not open: a wrong or missing key, or a value moved from another row. */
export class UndecryptableValueError extends Error {
  constructor(
    place: SealedPlace,
    keyId: string,
    /** Why, without ids: what staff see as the row's `unreadable` reason. */
    readonly why: string,
  ) {
    // Ids only: never a value, sealed or not.
    super(`Cannot decrypt ${place.table}.${place.column} of ${place.rowId} (key "${keyId}"): ${why}`);
  }
}

/**
 * Encryption at rest (DATA_ENCRYPTION_KEYS): AES-256-GCM with a random 96-bit nonce per value, sealed
 * as base64 of [format byte][nonce][ciphertext][tag]. The key id sits beside the values (the row's
 * `enc_key_id`), and the additional data binds key id, table, row id and column, so a value copied to
 * another row or column fails to open instead of showing someone else's data. Without keys, values
 * pass through unchanged.
 */
@Injectable()
export class FieldCipher {
  private readonly keys: Map<string, Buffer>;
  /** The key new values are sealed with: the first configured, or none. */
  private readonly current?: EncryptionKey;
  /** Per key id, the HMAC key of e-mail hashes (derived, so the data key itself is used for one thing). */
  private readonly hashKeys: Map<string, Buffer>;
  /**
   * EMAIL_HASH_KEY: the HMAC key of e-mail hashes when set, independent of the data keys, so rows
   * under a key since removed from DATA_ENCRYPTION_KEYS are still found (and erased) by address.
   */
  private readonly stableHashKey?: Buffer;
  private readonly logger = new Logger(FieldCipher.name);
  private readonly loggedUnreadable = new LRUCache<string, true>({ max: LOGGED_UNREADABLE });

  constructor(config: AppConfig) {
    const keys = config.privacy.encryptionKeys;
    this.current = keys[0];
    this.keys = new Map(keys.map(({ id, key }) => [id, key]));
    this.hashKeys = new Map(keys.map(({ id, key }) => [id, deriveKey(key, 'email-hash')]));
    this.stableHashKey = config.privacy.emailHashKey ?? undefined;
  }

  get enabled(): boolean {
    return this.current !== undefined;
  }

  /** The id of the key new rows are sealed with (null: stored in clear). */
  get currentKeyId(): string | null {
    return this.current?.id ?? null;
  }

  /** The row with its personal columns sealed under the current key (unchanged without keys). */
  sealRow<T extends SealableRow>(table: SealedTable, row: T): T {
    if (!this.current) {
      // Stored in clear: the row as it is (a new row already says so), no copy on the hot path.
      return row.encKeyId === null ? row : { ...row, encKeyId: null };
    }
    const sealed: Record<string, unknown> = { ...row, encKeyId: this.current.id };
    for (const column of SEALED_COLUMNS[table]) {
      const value = sealed[column];
      if (typeof value === 'string') {
        sealed[column] = this.seal(value, { table, rowId: row.id, column });
      }
    }
    return sealed as T;
  }

  /**
   * Some sealed columns of a row already stored under `row.encKeyId` (a value learnt after its insert),
   * sealed under that same key so they open with the rest of the row; in clear when the row is.
   */
  sealRowUnder<C extends Record<string, string | null>>(table: SealedTable, row: SealableRow, columns: C): C {
    if (row.encKeyId === null) {
      return columns;
    }
    const key = this.keys.get(row.encKeyId);
    if (!key) {
      throw new UndecryptableValueError(
        { table, rowId: row.id, column: Object.keys(columns).join(', ') },
        row.encKeyId,
        `the key "${row.encKeyId}" is not in DATA_ENCRYPTION_KEYS`,
      );
    }
    const sealed: Record<string, string | null> = { ...columns };
    for (const [column, value] of Object.entries(columns)) {
      if (typeof value === 'string' && (SEALED_COLUMNS[table] as readonly string[]).includes(column)) {
        sealed[column] = this.sealBytesUnder({ id: row.encKeyId, key }, Buffer.from(value, 'utf8'), {
          table,
          rowId: row.id,
          column,
        }).toString('base64');
      }
    }
    return sealed as C;
  }

  /**
   * Opens a loaded row's sealed columns in place (those it has: a partial select has fewer). A column
   * that does not open (its key was removed, or the value was altered or moved) becomes null, and the
   * answer says which and why: one bad row must not take every list, export or erasure down with it
   * (issue 24). Each row and reason is logged once, with ids only.
   */
  openRow(table: SealedTable, row: SealableRow): string | null {
    if (!row.encKeyId) {
      return null;
    }
    const values = row as unknown as Record<string, unknown>;
    const failed = new Map<string, string[]>();
    for (const column of SEALED_COLUMNS[table]) {
      const value = values[column];
      if (typeof value !== 'string' || (sealedLater(table, column) && !isSealedValue(value))) {
        continue;
      }
      try {
        values[column] = this.open(value, row.encKeyId, { table, rowId: row.id, column });
      } catch (error) {
        if (!(error instanceof UndecryptableValueError)) {
          throw error;
        }
        values[column] = null;
        failed.set(error.why, [...(failed.get(error.why) ?? []), column]);
      }
    }
    if (failed.size === 0) {
      return null;
    }
    const reason = [...failed].map(([why, columns]) => `${columns.join(', ')}: ${why}`).join('; ');
    const logKey = `${table} ${row.id} ${row.encKeyId} ${reason}`;
    if (!this.loggedUnreadable.has(logKey)) {
      this.loggedUnreadable.set(logKey, true);
      this.logger.warn(`${table} ${row.id} (key "${row.encKeyId}") is unreadable: ${reason}`);
    }
    return reason;
  }

  seal(plaintext: string, place: SealedPlace): string {
    return this.sealBytes(Buffer.from(plaintext, 'utf8'), place).toString('base64');
  }

  open(sealed: string, keyId: string, place: SealedPlace): string {
    return this.openBytes(Buffer.from(sealed, 'base64'), keyId, place).toString('utf8');
  }

  /** Bytes sealed under the current key: [format byte][nonce][ciphertext][tag] (a file's chunk, say). */
  sealBytes(plaintext: Buffer, place: SealedPlace): Buffer {
    return this.sealBytesUnder(this.current!, plaintext, place);
  }

  private sealBytesUnder(key: EncryptionKey, plaintext: Buffer, place: SealedPlace): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.key, nonce);
    cipher.setAAD(additionalData(key.id, place));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([Buffer.of(FORMAT_V1), nonce, body, cipher.getAuthTag()]);
  }

  openBytes(bytes: Buffer, keyId: string, place: SealedPlace): Buffer {
    const key = this.keys.get(keyId);
    if (!key) {
      throw new UndecryptableValueError(place, keyId, `the key "${keyId}" is not in DATA_ENCRYPTION_KEYS`);
    }
    if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES || bytes[0] !== FORMAT_V1) {
      throw new UndecryptableValueError(place, keyId, 'not a sealed value of a known format');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + NONCE_BYTES));
    decipher.setAAD(additionalData(keyId, place));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(1 + NONCE_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new UndecryptableValueError(place, keyId, 'authentication failed (a wrong key, or moved or altered)');
    }
  }

  /**
   * What `submissions.email_hash` holds for an address (see matchedEmail): HMAC-SHA256 under
   * EMAIL_HASH_KEY, else under the current data key's hash key, or plain SHA-256 when stored in clear
   * (the address is beside it anyway, and a migration could compute it in SQL).
   */
  emailHash(email: string): string {
    return this.hashUnder(this.stableHashKey ?? this.hashKeys.get(this.current?.id ?? '') ?? null, matchedEmail(email));
  }

  /**
   * Every hash an address may be stored under: EMAIL_HASH_KEY's, one per configured key and the clear
   * one (rows not yet moved by `privacy reencrypt`), each of the address as matched today and as it
   * was matched before issue 24. A hash is only a candidate: `isSameEmail` decides.
   */
  emailHashes(email: string): string[] {
    const keys = this.lookupHashKeys();
    const forms = new Set([matchedEmail(email), legacyMatchedEmail(email)]);
    return [...new Set(keys.flatMap((key) => [...forms].map((form) => this.hashUnder(key, form))))];
  }

  /**
   * Whether a row found by `emailHashes` carries this address: its opened address compared as
   * matchedEmail does. An old hash of `\u212Aelvin@…` equals today's hash of `kelvin@…`, so the hash
   * alone is not enough. An address that cannot be opened counts only if its hash is today's exact one.
   */
  isSameEmail(row: { email: string | null; emailHash: string | null }, email: string): boolean {
    if (row.email !== null) {
      return matchedEmail(row.email) === matchedEmail(email);
    }
    const exact = matchedEmail(email);
    return this.lookupHashKeys().some((key) => this.hashUnder(key, exact) === row.emailHash);
  }

  /** Every key a stored hash may be under: EMAIL_HASH_KEY's, each data key's, and none (clear). */
  private lookupHashKeys(): (Buffer | null)[] {
    return [this.stableHashKey, ...this.hashKeys.values(), null].filter((key) => key !== undefined);
  }

  private hashUnder(hashKey: Buffer | null, normalized: string): string {
    return hashKey === null ? sha256Hex(normalized) : createHmac('sha256', hashKey).update(normalized).digest('hex');
  }
}

function sealedLater(table: SealedTable, column: string): boolean {
  return (SEALED_LATER[table] as readonly string[] | undefined)?.includes(column) ?? false;
}

/** Whether a stored string is in the sealed format (base64 of the format byte, a nonce, a tag at least). */
export function isSealedValue(value: string): boolean {
  // Base64 of a first byte 0x01 starts with `A`; anything shorter than a sealed empty value is not one.
  return value.startsWith('A') && Buffer.from(value, 'base64').length >= 1 + NONCE_BYTES + TAG_BYTES;
}

function additionalData(keyId: string, place: SealedPlace): Buffer {
  return Buffer.from(`contact-intake v1\0${keyId}\0${place.table}\0${place.rowId}\0${place.column}`, 'utf8');
}
