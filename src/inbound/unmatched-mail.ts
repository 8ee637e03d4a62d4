import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { AppConfig } from '../config/app-config';
import { UnreadableMail } from '../mail/mail-reader';
import { MetricsService } from '../metrics/metrics.service';
import { InboundUnmatchedRepository } from './inbound-unmatched.repository';

/**
 * Mail kept for admins (the unmatched list): mail that matched no submission, and mail that could
 * not be read. At most INBOUND_UNMATCHED_MAX rows: the oldest go first (counted as dropped).
 */
@Injectable()
export class UnmatchedMail {
  private readonly logger = new Logger(UnmatchedMail.name);

  constructor(
    private readonly unmatched: InboundUnmatchedRepository,
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Keeps a message that could not be read (over the parsing budget, malformed, or failing again and
   * again) for admins, with what its headers said at a glance and why: never a 500, never retried.
   */
  async keepUnreadable(mail: UnreadableMail, size: number): Promise<'unreadable'> {
    await this.keep(mail, size, mail.unreadable);
    this.logger.warn(`Unreadable mail kept for admins (${mail.unreadable}, ${size} bytes)`);
    this.metrics.inboundMail('unreadable');
    return 'unreadable';
  }

  /** Keeps a mail for admins: with `reason` when it could not be read. */
  async keep(
    mail: { messageId: string; from: string | null; subject: string | null },
    size: number,
    reason: string | null,
  ): Promise<void> {
    const dropped = await this.unmatched.keep(
      {
        id: uuidv7(),
        messageId: mail.messageId,
        fromAddress: mail.from,
        subject: mail.subject?.slice(0, 500) || null,
        size,
        reason,
        encKeyId: null,
        receivedAt: new Date(),
      },
      this.config.inbound.unmatchedMax,
    );
    this.metrics.unmatchedMailDropped(dropped);
  }
}
