import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { event: string; submission: Record<string, unknown> & { id: string } };
  /** What the receiver answered. */
  status: number;
}

/** A staff webhook endpoint of the test's own; `respond` decides each answer's status. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  respond: (delivery: ReceivedWebhook, index: number) => number = () => 200;
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
        delivery.status = this.respond(delivery, index);
        setTimeout(
          () => response.writeHead(delivery.status, { 'Content-Type': 'application/json' }).end('{}'),
          this.delayMs,
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/contact`;
    return this.url;
  }

  /** How many 2xx deliveries each submission id got. */
  successes(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const delivery of this.received) {
      if (delivery.status >= 200 && delivery.status < 300) {
        const id = delivery.body.submission.id;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
