import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  /**
   * The Standard Webhooks envelope; `event` and `submission` are part one's fields, sent (deprecated)
   * to STAFF_WEBHOOK_URL only.
   */
  body: {
    type: string;
    timestamp: string;
    data: Record<string, unknown> & { id: string };
    event?: string;
    submission?: Record<string, unknown> & { id: string };
  };
  /** What the receiver answered. */
  status: number;
}

/** An answer: a status, or a status with headers (Retry-After, Location), or `hang` (never answer). */
export type ReceiverAnswer = number | { status: number; headers?: Record<string, string> } | 'hang';

/** A staff webhook endpoint of the test's own; `respond` decides each answer. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  respond: (delivery: ReceivedWebhook, index: number) => ReceiverAnswer = () => 200;
  /** How long the receiver takes before it answers (a slow staff system). */
  delayMs = 0;
  /** When each delivery arrived (Date.now()), in arrival order. */
  readonly arrivals: number[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (raw += chunk));
      request.on('end', () => {
        const delivery: ReceivedWebhook = { headers: request.headers, rawBody: raw, body: JSON.parse(raw), status: 0 };
        this.arrivals.push(Date.now());
        const index = this.received.push(delivery) - 1;
        const answer = this.respond(delivery, index);
        if (answer === 'hang') {
          return;
        }
        const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
        delivery.status = status;
        setTimeout(
          () => response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end('{}'),
          this.delayMs,
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/contact`;
    return this.url;
  }

  /** The `submission.received` deliveries of one submission, in arrival order. */
  of(submissionId: string): ReceivedWebhook[] {
    return this.received.filter(
      (delivery) => delivery.body.type === 'submission.received' && delivery.body.data.id === submissionId,
    );
  }

  /** How many 2xx `submission.received` deliveries each submission id got. */
  successes(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const delivery of this.received) {
      if (delivery.status >= 200 && delivery.status < 300 && delivery.body.type === 'submission.received') {
        const id = delivery.body.data.id;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  }

  stop(): Promise<void> {
    // A hanging answer keeps its connection open: close those too.
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
