import { Injectable } from '@nestjs/common';
import { MailReading } from './mail-reader';

/**
 * What happens to a mail that arrives, decided by the room that consumes mail (inbound/), which
 * registers here: mail/ knows nothing of submissions. It gets the message as read (parsed, or
 * unreadable with what its headers said), and must be idempotent by the Message-ID: a message is
 * marked processed only after its handler resolved, so a worker that dies in between hands the same
 * message over again on the next poll.
 */
export type InboundMailHandler = (reading: MailReading, raw: Buffer) => Promise<void>;

@Injectable()
export class InboundMailbox {
  private handler?: InboundMailHandler;

  onMessage(handler: InboundMailHandler): void {
    this.handler = handler;
  }

  async hand(reading: MailReading, raw: Buffer): Promise<void> {
    if (!this.handler) {
      throw new Error('No inbound mail handler is registered');
    }
    await this.handler(reading, raw);
  }
}
