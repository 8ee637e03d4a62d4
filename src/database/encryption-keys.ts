/** One data-encryption key: its id (stored beside every value it sealed) and its 32 bytes. */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

/**
 * `<id>:<base64 of 32 bytes>,...` into keys, or what is wrong with it (never echoing a key). Ids are
 * 1-16 letters, digits, `_` or `-`, each once.
 */
export function parseEncryptionKeys(raw: string): EncryptionKey[] | string {
  const keys: EncryptionKey[] = [];
  for (const [index, entry] of raw.split(',').entries()) {
    const match = /^([A-Za-z0-9_-]{1,16}):([A-Za-z0-9+/]+={0,2})$/.exec(entry.trim());
    if (!match) {
      return `entry ${index + 1} is not <id>:<base64 key> (id: 1-16 letters, digits, _ or -)`;
    }
    const key = Buffer.from(match[2], 'base64');
    if (key.length !== 32) {
      return `key "${match[1]}" is ${key.length} bytes; AES-256 needs exactly 32 (openssl rand -base64 32)`;
    }
    if (keys.some((known) => known.id === match[1])) {
      return `key id "${match[1]}" appears twice`;
    }
    keys.push({ id: match[1], key });
  }
  return keys;
}
