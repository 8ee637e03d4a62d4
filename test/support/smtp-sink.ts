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
  /**
   * Runs once a message is taken and before the server answers 250: a test faults something there
   * (the database the sender marks the mail `sent` in) at the moment the mail is out.
   */
  beforeAccepting?: (mail: ReceivedMail) => Promise<void>;
  private server?: SMTPServer;
  url = '';

  /**
   * With `oauth2`, the server takes mail only after SASL XOAUTH2 (no other AUTH, none without it) and
   * asks `introspect` (the provider's RFC 7662 endpoint) whether the token is active and whose it is.
   */
  constructor(
    private readonly oauth2?: { introspect: (token: string) => Promise<{ active: boolean; sub?: string }> },
  ) {}

  /** The users signed in by XOAUTH2, one per accepted sign-in. */
  readonly signedIn: string[] = [];

  async start(): Promise<string> {
    const oauth2 = this.oauth2;
    this.server = new SMTPServer({
      ...(oauth2
        ? {
            authMethods: ['XOAUTH2'],
            allowInsecureAuth: true,
            disabledCommands: ['STARTTLS'],
            onAuth: (auth, _session, callback) => {
              oauth2.introspect(auth.accessToken ?? '').then(
                (answer) => {
                  if (answer.active && answer.sub === auth.username) {
                    this.signedIn.push(auth.username ?? '');
                    callback(null, { user: auth.username });
                  } else {
                    callback(null, { data: { status: '401', schemes: 'bearer', scope: 'smtp' } });
                  }
                },
                (error: Error) => callback(error),
              );
            },
          }
        : { authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] }),
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
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          };
          this.received.push(mail);
          const hook = this.beforeAccepting;
          if (!hook) {
            callback();
            return;
          }
          hook(mail).then(
            () => callback(),
            (error: Error) => callback(error),
          );
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
