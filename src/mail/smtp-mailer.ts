import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import type { Readable } from 'node:stream';
import { AppConfig } from '../config/app-config';

/** A sender: REPLY_FROM, or a key's own `reply_from`. */
export interface MailSenderAddress {
  name?: string;
  address: string;
}

/** One message to send, with its threading headers (ids without angle brackets; none for a message that starts no thread). */
export interface OutgoingMail {
  /** An address, or a sender as configured (`Name <address>`, STAFF_EMAIL_FROM), for nodemailer to read. */
  from: MailSenderAddress | string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (the staff e-mail channel's table). */
  html?: string;
  /** Kept on every try; none: nodemailer makes one per try (a staff notice, which no one answers). */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  headers: Record<string, string>;
  /** Files sent as MIME parts, each read from its stream as the message is written (never whole in memory). */
  attachments?: { filename: string; contentType: string; content: Readable }[];
}

/**
 * nodemailer, loaded when the first message is sent rather than at start-up: an API process that sends
 * no mail (most of them) does not carry it in memory.
 */
export const loadNodemailer = () => import('nodemailer');

/**
 * Sends mail through SMTP_URL (nodemailer), keeping the Message-ID it is given on every try: the one
 * SMTP transport of the process (replies, acknowledgements, notices, password links and the staff
 * e-mail channel), made with the first message and closed once at shutdown.
 */
@Injectable()
export class SmtpMailer implements OnApplicationShutdown {
  /** Made once, with the first message: callers sending at once share it rather than each making one. */
  private transport?: Promise<Transporter>;

  constructor(private readonly config: AppConfig) {}

  get isConfigured(): boolean {
    return this.config.mail.smtpUrl !== undefined;
  }

  /** Sends one message; throws the server's refusal or the connection error (the job retries). */
  async send(mail: OutgoingMail): Promise<void> {
    if (!this.config.mail.smtpUrl) {
      throw new Error('SMTP_URL is not set: no mail can be sent');
    }
    const smtpUrl = this.config.mail.smtpUrl;
    // nodemailer is loaded with the first message (see loadNodemailer).
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
    const transport = await this.transport;
    await transport.sendMail({
      from:
        typeof mail.from === 'string'
          ? mail.from
          : mail.from.name
            ? { name: mail.from.name, address: mail.from.address }
            : mail.from.address,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId ? `<${mail.messageId}>` : undefined,
      inReplyTo: mail.inReplyTo ? `<${mail.inReplyTo}>` : undefined,
      references: mail.references?.map((id) => `<${id}>`),
      headers: mail.headers,
      attachments: mail.attachments,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const transport = this.transport;
    this.transport = undefined;
    (await transport)?.close();
  }
}
