import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';

/** A sender: REPLY_FROM, or a key's own `reply_from`. */
export interface MailSenderAddress {
  name?: string;
  address: string;
}

/** One message to send, with its threading headers (ids without angle brackets; none for a message that starts no thread). */
export interface OutgoingMail {
  from: MailSenderAddress;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  headers: Record<string, string>;
}

/**
 * nodemailer, loaded when the first message is sent rather than at start-up: an API process that sends
 * no mail (most of them) does not carry it in memory.
 */
export const loadNodemailer = () => import('nodemailer');

/** Sends mail through SMTP_URL (nodemailer), keeping the Message-ID it is given on every try. */
@Injectable()
export class SmtpMailer implements OnApplicationShutdown {
  private transport?: Transporter;

  constructor(private readonly config: AppConfig) {}

  get isConfigured(): boolean {
    return this.config.mail.smtpUrl !== undefined;
  }

  /** Sends one message; throws the server's refusal or the connection error (the job retries). */
  async send(mail: OutgoingMail): Promise<void> {
    if (!this.config.mail.smtpUrl) {
      throw new Error('SMTP_URL is not set: no mail can be sent');
    }
    // nodemailer is loaded with the first message (see loadNodemailer).
    this.transport ??= (await loadNodemailer()).createTransport(this.config.mail.smtpUrl);
    await this.transport.sendMail({
      from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      messageId: `<${mail.messageId}>`,
      inReplyTo: mail.inReplyTo ? `<${mail.inReplyTo}>` : undefined,
      references: mail.references?.map((id) => `<${id}>`),
      headers: mail.headers,
    });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
