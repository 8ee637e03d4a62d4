import { createHmac } from 'node:crypto';
import { StaffChannel, StaffSubmission } from './staff-channel';

const TIMEOUT_MS = 10_000;

/**
 * POSTs `{"event":"submission.received","submission":{...}}` to STAFF_WEBHOOK_URL. The receiver can
 * check `X-Signature-256: sha256=<HMAC-SHA256 of the raw body>` and drop repeats by `Idempotency-Key`.
 */
export class WebhookChannel implements StaffChannel {
  readonly name = 'webhook';

  constructor(
    private readonly url: string,
    private readonly secret: string,
  ) {}

  async send(submission: StaffSubmission): Promise<void> {
    const body = JSON.stringify({ event: 'submission.received', submission });
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': submission.id,
        'X-Signature-256': `sha256=${createHmac('sha256', this.secret).update(body).digest('hex')}`,
        'User-Agent': 'contact-intake-webhook/1',
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`webhook answered HTTP ${response.status}`);
    }
  }
}
