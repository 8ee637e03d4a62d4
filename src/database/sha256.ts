import { createHash } from 'node:crypto';

/** Hex SHA-256: how API keys, refresh tokens and idempotency keys are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
