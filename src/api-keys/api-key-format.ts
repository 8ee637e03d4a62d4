import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_PREFIX = 'ck_';
const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;

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
 * A checksummed secret: `prefix` + 40 random base62 characters (about 238 bits) + their checksum
 * (GitHub's token format idea). The checksum lets the service refuse typos and guesses without a
 * database lookup; the prefix says what the secret is (API key `ck_`, staff token `st_`).
 */
export class ChecksummedSecret {
  private readonly pattern: RegExp;

  constructor(readonly prefix: string) {
    this.pattern = new RegExp(`^${prefix}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
  }

  generate(): string {
    let randomPart = '';
    for (let i = 0; i < RANDOM_LENGTH; i++) {
      randomPart += BASE62[randomInt(62)];
    }
    return `${this.prefix}${randomPart}${checksumOf(randomPart)}`;
  }

  /** True when the secret has the format and its checksum matches. */
  isWellFormed(secret: string): boolean {
    if (!this.pattern.test(secret)) {
      return false;
    }
    const body = secret.slice(this.prefix.length);
    return checksumOf(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
  }

  /** What is shown of a secret after creation: enough to recognise it, far too little to use it. */
  displayPrefixOf(secret: string): string {
    return secret.slice(0, this.prefix.length + 6);
  }
}

const apiKeys = new ChecksummedSecret(API_KEY_PREFIX);

export const generateApiKey = (): string => apiKeys.generate();
export const isWellFormedApiKey = (key: string): boolean => apiKeys.isWellFormed(key);
export const displayPrefixOf = (key: string): string => apiKeys.displayPrefixOf(key);
