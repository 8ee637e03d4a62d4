import { Injectable } from '@nestjs/common';
import { FieldCipher } from '../database/field-cipher';
import { MetricsService } from '../metrics/metrics.service';
import { SpamLedger } from './spam-ledger';
import { localSpamChecks, SpamReason, SubmissionContent, verdictOf } from './spam-signals';

export interface SpamVerdict {
  /** Empty: clean. */
  reasons: SpamReason[];
  /** Undoes what the check recorded, for a submission that was not stored after all. */
  undo(): Promise<void>;
  /** The address's keyed hash (FieldCipher.emailHash) when the check made it: the row stores the same. */
  senderHash?: string | null;
}

const nothingToUndo = (): Promise<void> => Promise.resolve();
const CLEAN: SpamVerdict = { reasons: [], undo: nothingToUndo };

/**
 * The intake's spam check: local signals (a disposable domain from the maintained list, link stuffing)
 * and, in one Redis round trip, a duplicate of this key's recent content or a sender staff marked. No
 * network call beyond Redis, and the answer to the client never depends on it (see ContactService).
 */
@Injectable()
export class SpamFilter {
  constructor(
    private readonly ledger: SpamLedger,
    private readonly cipher: FieldCipher,
    private readonly metrics: MetricsService,
  ) {}

  /** `idempotencyKey`: the request's (hashed), so its concurrent retries are not each other's duplicates. */
  async check(
    apiKey: { id: string; spamFilter: boolean },
    content: SubmissionContent,
    idempotencyKey: string | null = null,
  ): Promise<SpamVerdict> {
    if (!apiKey.spamFilter) {
      return CLEAN;
    }
    const local = localSpamChecks(content);
    const fingerprint = local.fingerprint;
    const sender = content.email ? this.cipher.emailHash(content.email) : null;
    const ledger = await this.ledger.check(apiKey.id, fingerprint, sender, idempotencyKey);
    const found: [boolean, SpamReason][] = [
      [ledger.duplicate, 'duplicate'],
      [ledger.markedSender, 'marked_sender'],
    ];
    const signals = [...found.filter(([present]) => present).map(([, reason]) => reason), ...local.signals];
    const reasons = verdictOf(signals);
    if (reasons.length > 0) {
      this.metrics.spamFlagged(apiKey.id, reasons);
    }
    return {
      reasons,
      undo: ledger.firstOfContent ? () => this.ledger.forgetContent(apiKey.id, fingerprint) : nothingToUndo,
      senderHash: sender,
    };
  }
}
