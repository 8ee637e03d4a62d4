import { Injectable, OnModuleInit } from '@nestjs/common';
import { InboundMailbox } from '../mail/inbound-mailbox';
import { InboundService } from './inbound.service';

/** Registers inbound/ as what happens to mail the IMAP poller takes (mail/ imports nothing of it). */
@Injectable()
export class InboundMailHandler implements OnModuleInit {
  constructor(
    private readonly mailbox: InboundMailbox,
    private readonly inbound: InboundService,
  ) {}

  onModuleInit(): void {
    this.mailbox.onMessage(async (reading, raw) => {
      await this.inbound.take(reading, raw.length);
    });
  }
}
