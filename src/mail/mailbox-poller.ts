import { Injectable, Logger } from '@nestjs/common';
import type { ImapFlow, ImapFlowOptions } from 'imapflow';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { isOutage } from '../http/error-envelope.filter';
import { MailboxCredentials, MailboxNotConnectedError } from '../mailboxes/mailbox-credentials';
import { InboundMailbox } from './inbound-mailbox';
import { failedToTake, MailReader } from './mail-reader';

/** The keyword a handed-over message gets (with \Seen), so no poll takes it again. */
export const PROCESSED_KEYWORD = '$IntakeProcessed';

/**
 * Polls in which handing a message over may fail for reasons of its own before it is set aside (kept
 * as unreadable, marked processed). Each failure is a keyword on the message itself
 * (`$IntakeFailed1`, ...), so the count holds across polls, restarts and workers.
 */
export const MAX_HANDOVER_FAILURES = 3;
const FAILED_KEYWORD = '$IntakeFailed';

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
 * read (MailReader: off the main thread, within a budget) and handed over (InboundMailbox), then
 * marked \Seen and $IntakeProcessed. A message the reader could not read is handed over as
 * unreadable (kept for admins) and marked: a poison message is never taken again. A message whose
 * handler fails stays unmarked for the next poll, and so does every message after a worker died
 * mid-batch (the handler is idempotent by Message-ID); a failure that is not an outage of the
 * database or Redis counts against the message, which is set aside after MAX_HANDOVER_FAILURES. A
 * message over INBOUND_MAX_BYTES is marked and skipped (logged by its UID), never half read.
 */
@Injectable()
export class MailboxPoller {
  private readonly logger = new Logger(MailboxPoller.name);
  private readonly trouble = new OccasionalLog(this.logger);

  constructor(
    private readonly mailbox: InboundMailbox,
    private readonly reader: MailReader,
    private readonly config: AppConfig,
    private readonly credentials: MailboxCredentials,
  ) {}

  /** Answers how many messages were handed over. */
  async pollOnce(): Promise<number> {
    const url = this.config.mail.imapUrl;
    if (!url) {
      return 0;
    }
    const { options, mailbox } = imapOptionsOf(url);
    const client = await this.signIn(options);
    if (!client) {
      return 0;
    }
    let handed = 0;
    try {
      const lock = await client.getMailboxLock(mailbox);
      try {
        const uids = (await client.search({ seen: false, unKeyword: PROCESSED_KEYWORD }, { uid: true })) || [];
        for (const uid of uids) {
          const outcome = await this.handOver(client, uid);
          if (outcome === 'no room') {
            // It and the messages after it stay on the server, unmarked, for the next poll.
            this.logger.warn(`Mail UID ${uid} waits for the next poll: over INBOUND_MEMORY_BUDGET for now`);
            break;
          }
          if (outcome === 'handed') {
            handed += 1;
          }
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    await this.credentials.polled();
    return handed;
  }

  /**
   * A connection signed in: with the URL's password, or with the OAuth2 grant's access token (SASL
   * OAUTHBEARER or XOAUTH2, whichever the server offers), renewed once when the server refuses it. A
   * refusal the grant cannot mend marks the mailbox needs_reconnect and answers null: the poll ends
   * quietly, and polls end at once until an admin connects the mailbox again (never a loop of
   * refused sign-ins). An unreachable server or provider throws, as before: the next poll tries again.
   */
  private async signIn(options: ImapFlowOptions): Promise<ImapFlow | null> {
    // imapflow is loaded by the first poll: only a worker with IMAP_URL ever polls.
    const { ImapFlow } = await import('imapflow');
    const connect = async (auth: ImapFlowOptions['auth']) => {
      const client = new ImapFlow({ ...options, auth });
      client.on('error', (error: Error) => this.trouble.error(`IMAP connection problem: ${error.message}`));
      try {
        await client.connect();
        return client;
      } catch (error) {
        client.close();
        if ((error as { authenticationFailed?: boolean }).authenticationFailed) {
          return null;
        }
        throw error;
      }
    };
    if (!this.credentials.oauth) {
      const client = await connect(options.auth);
      if (!client) {
        await this.credentials.passwordRefused('The IMAP server refused the user and password of INBOUND_IMAP_URL');
      }
      return client;
    }
    let refused: string | undefined;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      let bearer;
      try {
        bearer = await this.credentials.bearer(refused);
      } catch (error) {
        if (error instanceof MailboxNotConnectedError) {
          return null;
        }
        throw error;
      }
      const client = await connect({ user: bearer.user, accessToken: bearer.accessToken });
      if (client) {
        return client;
      }
      refused = bearer.accessToken;
    }
    await this.credentials.refused('The IMAP server refused a fresh access token of the grant');
    return null;
  }

  /**
   * Fetches, reads and hands over one message: `handed`, `not handed` (skipped, or left for the next
   * poll after a failure), or `no room` when its size does not fit INBOUND_MEMORY_BUDGET beside the
   * mail this process holds already (the route's, in a process that has both): it is not fetched.
   */
  private async handOver(client: ImapFlow, uid: number): Promise<'handed' | 'not handed' | 'no room'> {
    const id = String(uid);
    const envelope = await client.fetchOne(id, { size: true, flags: true }, { uid: true });
    if (!envelope) {
      return 'not handed';
    }
    if ((envelope.size ?? 0) > this.config.mail.inboundMaxBytes) {
      this.logger.warn(`Mail UID ${uid} is over INBOUND_MAX_BYTES (${envelope.size} bytes): marked and skipped`);
      await client.messageFlagsAdd(id, ['\\Seen', PROCESSED_KEYWORD], { uid: true });
      return 'not handed';
    }
    const lease = this.reader.reserve(envelope.size ?? 0);
    if (!lease) {
      return 'no room';
    }
    try {
      return (await this.fetchAndHand(client, uid, envelope.flags)) ? 'handed' : 'not handed';
    } finally {
      lease.release();
    }
  }

  private async fetchAndHand(client: ImapFlow, uid: number, flags: Set<string> | undefined): Promise<boolean> {
    const id = String(uid);
    const message = await client.fetchOne(id, { source: true }, { uid: true });
    if (!message || !message.source) {
      return false;
    }
    const failures = [...(flags ?? [])].filter((flag) => flag.startsWith(FAILED_KEYWORD)).length;
    try {
      await this.mailbox.hand(await this.reader.read(message.source), message.source);
    } catch (error) {
      if (isOutage(error)) {
        this.trouble.error(`Mail UID ${uid} not taken yet (${(error as Error).message}); the next poll tries again`);
        return false;
      }
      if (failures + 1 < MAX_HANDOVER_FAILURES) {
        this.trouble.error(
          `Mail UID ${uid} failed (${(error as Error).message}); attempt ${failures + 1} of ${MAX_HANDOVER_FAILURES}`,
        );
        await client.messageFlagsAdd(id, [`${FAILED_KEYWORD}${failures + 1}`], { uid: true });
        return false;
      }
      this.logger.warn(`Mail UID ${uid} failed ${MAX_HANDOVER_FAILURES} times: set aside as unreadable`);
      try {
        await this.mailbox.hand(failedToTake(message.source), message.source);
      } catch (keepError) {
        // Not even kept: it stays for the next poll, and the messages after it are still taken.
        this.trouble.error(`Mail UID ${uid} could not be set aside (${(keepError as Error).message})`);
        return false;
      }
    }
    await client.messageFlagsAdd(id, ['\\Seen', PROCESSED_KEYWORD], { uid: true });
    return true;
  }
}
