import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the spec asks for 24 to 64). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers for one attempt: `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature` with one `v1,<base64>` per secret, space-separated (both secrets during a
 * rotation). Signed by the reference library, so receivers verify with the same code.
 */
export function standardWebhookHeaders(
  id: string,
  timestamp: Date,
  body: string,
  secrets: string[],
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' '),
  };
}

/**
 * The global destination's Standard Webhooks key: STAFF_WEBHOOK_SECRET itself when it is a `whsec_`
 * secret, else its UTF-8 bytes (so `whsec_` + base64(STAFF_WEBHOOK_SECRET) verifies).
 */
export function configuredWebhookSecret(secret: string): string {
  return secret.startsWith('whsec_') ? secret : `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}
