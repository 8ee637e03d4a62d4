import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server (smtp-server) started by the test; `reject` makes it refuse the next messages. */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  rejectNext = 0;
  private server?: SMTPServer;
  url = '';

  async start(): Promise<string> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          if (this.rejectNext > 0) {
            this.rejectNext--;
            const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 });
            callback(error);
            return;
          }
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
