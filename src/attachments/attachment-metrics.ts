import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { MetricsService } from '../metrics/metrics.service';
import { AttachmentsRepository } from './attachments.repository';

/** How long a sum of the stored bytes is reused: a scrape every 15 s does not add up the table each time. */
const REUSE_MS = 60_000;
/** How long a scrape waits for the sum before keeping the last value (a database away must not hang /metrics). */
const SUM_TIMEOUT_MS = 1_000;

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
      const bytes = await Promise.race([
        this.attachments.bytesStored(),
        new Promise<never>((_resolve, reject) => {
          setTimeout(() => reject(new Error('the sum of stored bytes timed out')), SUM_TIMEOUT_MS).unref();
        }),
      ]);
      this.last = { bytes, atMs: this.clock.nowMs() };
      return bytes;
    } catch {
      return null;
    }
  }
}
