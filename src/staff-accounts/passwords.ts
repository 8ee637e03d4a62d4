import * as argon2 from 'argon2';
import { randomInt } from 'node:crypto';

/**
 * argon2id at OWASP's recommended minimum (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1): about
 * 30 ms per hash here, enough to make offline guessing slow without making sign-in slow.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 12;
/** Enough for any passphrase; argon2 takes any length, the bound only keeps a request's work small. */
export const MAX_PASSWORD_LENGTH = 1024;
const GENERATED_LENGTH = 20;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}

/** A password to print once: 20 characters from an alphabet without look-alikes (~115 bits). */
export function generatePassword(): string {
  let password = '';
  for (let i = 0; i < GENERATED_LENGTH; i++) {
    password += ALPHABET[randomInt(ALPHABET.length)];
  }
  return password;
}

/** Throws with a clear message when a chosen password is too short or too long. */
export function assertAcceptablePassword(password: string): void {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw new Error(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw new Error(`the password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  }
}
