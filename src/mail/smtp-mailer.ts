import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Readable } from 'node:stream';
import { AppConfig } from '../config/app-config';
import { MailboxBearer, MailboxCredentials } from '../mailboxes/mailbox-credentials';

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
  /**
   * The SMTP envelope sender (MAIL FROM, which the receiving server writes as Return-Path and where
   * bounces go); none: the From address, as nodemailer does by default.
   */
  envelopeFrom?: string;
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

  constructor(
    private readonly config: AppConfig,
    private readonly credentials: MailboxCredentials,
  ) {}

  get isConfigured(): boolean {
    return this.config.mail.smtpUrl !== undefined;
  }

  /** Sends one message; throws the server's refusal or the connection error (the job retries). */
  async send(mail: OutgoingMail): Promise<void> {
    if (!this.config.mail.smtpUrl) {
      throw new Error('SMTP_URL is not set: no mail can be sent');
    }
    const message: SendMailOptions = {
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
      ...(mail.envelopeFrom ? { envelope: { from: mail.envelopeFrom, to: mail.to } } : {}),
    };
    if (!this.credentials.oauth) {
      const smtpUrl = this.config.mail.smtpUrl;
      // nodemailer is loaded with the first message (see loadNodemailer).
      this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
      await (await this.transport).sendMail(message);
      return;
    }
    await this.sendWithGrant(this.config.mail.smtpUrl, message);
  }

  /**
   * Sends as the OAuth2 mailbox (SASL XOAUTH2 with the grant's access token), renewed once when the
   * server refuses it; a second refusal marks the mailbox needs_reconnect and throws, so the job
   * retries later rather than the message being lost. Files are streams read once: a message whose
   * sign-in was refused was never written, so its streams are still whole for the second try.
   */
  private async sendWithGrant(smtpUrl: string, message: SendMailOptions): Promise<void> {
    const nodemailer = await loadNodemailer();
    const url = new URL(smtpUrl);
    let refused: string | undefined;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bearer: MailboxBearer = await this.credentials.bearer(refused);
      const transport = nodemailer.createTransport({
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
        secure: url.protocol === 'smtps:',
        auth: { type: 'OAuth2', user: bearer.user, accessToken: bearer.accessToken },
      });
      try {
        await transport.sendMail(message);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'EAUTH') {
          throw error;
        }
        refused = bearer.accessToken;
      } finally {
        transport.close();
      }
    }
    await this.credentials.refused('The SMTP server refused a fresh access token of the grant');
    throw new Error("The SMTP server refused the mailbox's grant: it needs reconnecting in the console");
  }

  async onApplicationShutdown(): Promise<void> {
    const transport = this.transport;
    this.transport = undefined;
    (await transport)?.close();
  }
}
