import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { isDatabaseRefusal } from '../database/duplicate-key';
import { ApiException } from '../http/api-exception';
import { isOutage } from '../http/error-envelope.filter';
import { failedToTake, MailMemoryLease, MailReaderBusyError, MailReader } from '../mail/mail-reader';
import { InboundAcceptedView, UnmatchedPageView } from './dto/inbound.views';
import { InboundUnmatchedRepository } from './inbound-unmatched.repository';
import { InboundService } from './inbound.service';

const BEARER = /^Bearer +(\S+) *$/;

/** The answer to a message that cannot be taken now (no room, every thread busy): the provider sends it again. */
export const comeBackLater = () =>
  new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'Service unavailable', { 'Retry-After': '5' });

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /inbound/email (a mail provider's "forward the raw message" route, Bearer INBOUND_TOKEN; 404
 * while no token is set, so the route does not exist for an operator who does not use it) and the
 * admins' list of unmatched mail.
 */
@Injectable()
export class InboundRouteService {
  private readonly logger = new Logger(InboundRouteService.name);

  constructor(
    private readonly inbound: InboundService,
    private readonly reader: MailReader,
    private readonly unmatchedMail: InboundUnmatchedRepository,
    private readonly config: AppConfig,
  ) {}

  /** 404 while no INBOUND_TOKEN is set (the route does not exist), 401 unless `authorization` carries it. */
  authenticate(authorization: string | undefined): void {
    const token = this.config.inbound.token;
    if (!token) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    const given = BEARER.exec(authorization ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'Authentication required', { 'WWW-Authenticate': 'Bearer' });
    }
  }

  /**
   * Reads and takes one message. `admitted`: its share of INBOUND_MEMORY_BUDGET, held since before its
   * body was read (see InboundAdmission), released here once it is taken, whatever the answer.
   */
  async receive(
    authorization: string | undefined,
    body: unknown,
    admitted: MailMemoryLease | null,
  ): Promise<InboundAcceptedView> {
    let lease = admitted;
    try {
      this.authenticate(authorization);
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new ApiException(HttpStatus.BAD_REQUEST, 'Empty message');
      }
      // Held by the hook in every request that passed it; a request whose connection closed before the
      // route ran gave its share back, so it is held again here (or the message comes back later).
      lease ??= this.reader.reserve(body.length);
      if (!lease) {
        this.logger.warn(`An inbound message (${body.length} bytes) is over the memory budget for now: answered 503`);
        throw comeBackLater();
      }
      return await this.readAndTake(body);
    } finally {
      lease?.release();
    }
  }

  private async readAndTake(body: Buffer): Promise<InboundAcceptedView> {
    const reading = await this.reader.read(body).catch((error: unknown) => {
      if (error instanceof MailReaderBusyError) {
        throw comeBackLater();
      }
      throw error;
    });
    try {
      return { outcome: await this.inbound.take(reading, body.length) };
    } catch (error) {
      // The database or Redis away: 503, and the provider sends it again. So for a statement the
      // database refused: nothing of the message committed (its webhook's deliveries are written with
      // it), and kept as unreadable it would never reach its submission. Anything else is this
      // message's own doing (or a fault it found): it is kept for admins, never a 500 for the sender.
      if (isOutage(error)) {
        throw error;
      }
      if (isDatabaseRefusal(error)) {
        // The code only: a refusal's text can quote the values it refused.
        const code = (error as { driverError?: { code?: string } }).driverError?.code ?? 'unknown';
        this.logger.error(`An inbound message was refused by the database (${code}): answered 503`);
        throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'Service unavailable', { 'Retry-After': '5' });
      }
      this.logger.error(`An inbound message could not be taken (${(error as Error).message}): kept as unreadable`);
      return {
        outcome: await this.inbound.keepUnreadable(failedToTake(body), body.length),
      };
    }
  }

  async unmatched(cursor: string | undefined, limit: number): Promise<UnmatchedPageView> {
    const rows = await this.unmatchedMail.page(cursor, limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => ({
        id: row.id,
        message_id: row.messageId,
        from: row.fromAddress,
        subject: row.subject,
        size: row.size,
        received_at: row.receivedAt.toISOString(),
        reason: row.reason ?? 'unmatched',
        ...(row.unreadable !== undefined ? { unreadable: row.unreadable } : {}),
      })),
      next_cursor: rows.length > limit ? page[page.length - 1].id : null,
      total: await this.unmatchedMail.count(),
    };
  }
}
