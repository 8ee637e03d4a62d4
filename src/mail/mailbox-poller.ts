import { Injectable, Logger } from '@nestjs/common';
import type { ImapFlow, ImapFlowOptions } from 'imapflow';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { InboundMailbox } from './inbound-mailbox';
import { parseMail } from './mail-parser';

/** The keyword a handed-over message gets (with \Seen), so no poll takes it again. */
export const PROCESSED_KEYWORD = '$IntakeProcessed';

/**
 * The IMAP connection of INBOUND_IMAP_URL: `imaps://` (993 by default) with the server's certificate
 * verified against the system's CAs, never switched off; `imap://` (143) without TLS, for tests and
 * loopback set-ups only. User and password from the URL, the mailbox from its path (INBOX).
 */
export function imapOptionsOf(rawUrl: string): { options: ImapFlowOptions; mailbox: string } {
  const url = new URL(rawUrl);
  const secure = url.protocol === 'imaps:';
  return {
    options: {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : secure ? 993 : 143,
      secure,
      // Plain imap:// means no TLS at all (no STARTTLS either): what the URL says is what happens.
      ...(secure ? { tls: { rejectUnauthorized: true, servername: url.hostname } } : { doSTARTTLS: false }),
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
    },
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

/**
 * One poll of the inbound mailbox: every message neither \Seen nor marked processed is fetched,
 * parsed and handed over (InboundMailbox), then marked \Seen and $IntakeProcessed. A message whose
 * handler fails stays unmarked for the next poll; so does every message after a worker died mid-batch
 * (the handler is idempotent by Message-ID). A message over INBOUND_MAX_BYTES is marked and skipped
 * (logged by its UID), never half read.
 */
@Injectable()
export class MailboxPoller {
  private readonly logger = new Logger(MailboxPoller.name);
  private readonly trouble = new OccasionalLog(this.logger);

  constructor(
    private readonly mailbox: InboundMailbox,
    private readonly config: AppConfig,
  ) {}

  /** Answers how many messages were handed over. */
  async pollOnce(): Promise<number> {
    const url = this.config.mail.imapUrl;
    if (!url) {
      return 0;
    }
    const { options, mailbox } = imapOptionsOf(url);
    // imapflow is loaded by the first poll: only a worker with IMAP_URL ever polls.
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow(options);
    client.on('error', (error: Error) => this.trouble.error(`IMAP connection problem: ${error.message}`));
    await client.connect();
    let handed = 0;
    try {
      const lock = await client.getMailboxLock(mailbox);
      try {
        const uids = (await client.search({ seen: false, unKeyword: PROCESSED_KEYWORD }, { uid: true })) || [];
        for (const uid of uids) {
          if (await this.handOver(client, uid)) {
            handed += 1;
          }
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return handed;
  }

  private async handOver(client: ImapFlow, uid: number): Promise<boolean> {
    const id = String(uid);
    const envelope = await client.fetchOne(id, { size: true }, { uid: true });
    if (!envelope) {
      return false;
    }
    if ((envelope.size ?? 0) > this.config.mail.inboundMaxBytes) {
      this.logger.warn(`Mail UID ${uid} is over INBOUND_MAX_BYTES (${envelope.size} bytes): marked and skipped`);
      await client.messageFlagsAdd(id, ['\\Seen', PROCESSED_KEYWORD], { uid: true });
      return false;
    }
    const message = await client.fetchOne(id, { source: true }, { uid: true });
    if (!message || !message.source) {
      return false;
    }
    try {
      await this.mailbox.hand(await parseMail(message.source), message.source);
    } catch (error) {
      this.trouble.error(`Mail UID ${uid} not taken yet (${(error as Error).message}); the next poll tries again`);
      return false;
    }
    await client.messageFlagsAdd(id, ['\\Seen', PROCESSED_KEYWORD], { uid: true });
    return true;
  }
}
