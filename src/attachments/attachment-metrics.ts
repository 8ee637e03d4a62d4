import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { MetricsService } from '../metrics/metrics.service';
import { withinScrape } from '../metrics/within-scrape';
import { AttachmentsRepository } from './attachments.repository';

/** How long a sum of the stored bytes is reused: a scrape every 15 s does not add up the table each time. */
const REUSE_MS = 60_000;

/** Feeds `attachment_bytes_stored` from the database (every process reports the same whole). */
@Injectable()
export class AttachmentMetrics implements OnModuleInit {
  private last: { bytes: number; atMs: number } | null = null;

  constructor(
    private readonly attachments: AttachmentsRepository,
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.metrics.measureStoredBytesWith(() => this.storedBytes());
  }

  private async storedBytes(): Promise<number | null> {
    if (this.last && this.clock.nowMs() - this.last.atMs < REUSE_MS) {
      return this.last.bytes;
    }
    try {
      const bytes = await withinScrape(this.attachments.bytesStored(), 'the sum of stored bytes');
      this.last = { bytes, atMs: this.clock.nowMs() };
      return bytes;
    } catch {
      return null;
    }
  }
}
