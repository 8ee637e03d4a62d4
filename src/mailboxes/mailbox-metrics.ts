import { Injectable, OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';
import { withinScrape } from '../metrics/within-scrape';
import { MailboxConnectService } from './mailbox-connect.service';

/** Feeds `mailbox_connected` from the mailbox's row at each scrape (none when there is no mailbox). */
@Injectable()
export class MailboxMetrics implements OnModuleInit {
  constructor(
    private readonly mailbox: MailboxConnectService,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.measureMailboxWith(async () => {
      const view = await withinScrape(this.mailbox.view(), 'the mailbox state');
      return view.auth === null ? null : { auth: view.auth, connected: view.state === 'connected' };
    });
  }
}
