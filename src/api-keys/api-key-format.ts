import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_PREFIX = 'ck_';
const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

/** CRC32 of the random part in base62, left-padded to 6 characters (62^6 > 2^32). */
export function checksumOf(randomPart: string): string {
  let value = crc32(randomPart);
  let encoded = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    encoded = BASE62[value % 62] + encoded;
    value = Math.floor(value / 62);
  }
  return encoded;
}

/**
 * A new key: `ck_` + 40 random base62 characters (about 238 bits) + their checksum. The checksum
 * lets the service refuse typos and guesses without a database lookup (GitHub's token format idea).
 */
export function generateApiKey(): string {
  let randomPart = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) {
    randomPart += BASE62[randomInt(62)];
  }
  return `${API_KEY_PREFIX}${randomPart}${checksumOf(randomPart)}`;
}

/** True when the key has the format and its checksum matches. */
export function isWellFormedApiKey(key: string): boolean {
  if (!API_KEY_PATTERN.test(key)) {
    return false;
  }
  const body = key.slice(API_KEY_PREFIX.length);
  return checksumOf(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}

/** What the CLI shows of a key after creation: enough to recognise it, far too little to use it. */
export function displayPrefixOf(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 6);
}
