import { Injectable, Logger } from '@nestjs/common';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository';
import { BATCH_ROWS } from './privacy.service';
import { SubmissionDeletion } from './submission-deletion.service';
import {
  RetentionScope,
  SubmissionRetentionRepository,
} from '../submissions/lifecycle/submission-retention.repository';

const DAY_MS = 86_400_000;

export interface RetentionCounts {
  submissions: number;
  refresh_tokens: number;
}

/**
 * Deletes closed and spam submissions older than their key's retention (RETENTION_DAYS, or the key's
 * own days; 0 = forever), spam of any key once it has been spam for SPAM_RETENTION_DAYS (whichever
 * comes first), BATCH_ROWS at a time, and refresh tokens whose family has ended. Runs daily
 * as one repeatable job; safe to run twice at once (a row is deleted, and counted, by one run only).
 * Submissions in any other status are never touched.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    private readonly submissions: SubmissionRetentionRepository,
    private readonly deletion: SubmissionDeletion,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly apiKeys: ApiKeysRepository,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async run(actor: Actor): Promise<RetentionCounts> {
    const now = this.clock.now();
    let submissions = 0;
    for (const { scope, days } of await this.rules()) {
      const cutoff = new Date(now.getTime() - days * DAY_MS);
      for (;;) {
        const ids = await this.submissions.expiredIds(scope, cutoff, BATCH_ROWS);
        if (ids.length === 0) {
          break;
        }
        submissions += await this.deletion.delete(ids);
      }
    }
    // Spam by when it last changed (became spam), not when it arrived: what staff marked today is kept
    // SPAM_RETENTION_DAYS from today, so a "Not spam" stays possible that long.
    const spamCutoff = new Date(now.getTime() - this.config.spam.retentionDays * DAY_MS);
    for (;;) {
      const ids = await this.submissions.expiredSpamIds(spamCutoff, BATCH_ROWS);
      if (ids.length === 0) {
        break;
      }
      submissions += await this.deletion.delete(ids);
    }
    let refreshTokens = 0;
    for (let removed = -1; removed !== 0;) {
      removed = await this.refreshTokens.purgeEnded(now, BATCH_ROWS);
      refreshTokens += removed;
    }
    const counts = { submissions, refresh_tokens: refreshTokens };
    await this.audit.record(actor, { action: 'retention.ran', after: { ...counts } });
    this.logger.log(`Retention: ${submissions} submissions and ${refreshTokens} refresh tokens deleted`);
    return counts;
  }

  /** One rule per distinct retention: each key's own days, and RETENTION_DAYS for every other key. */
  private async rules(): Promise<{ scope: RetentionScope; days: number }[]> {
    const overrides = await this.apiKeys.retentionOverrides();
    const byDays = new Map<number, string[]>();
    for (const [apiKeyId, days] of overrides) {
      byDays.set(days, [...(byDays.get(days) ?? []), apiKeyId]);
    }
    const rules = [...byDays]
      .filter(([days]) => days > 0)
      .map(([days, apiKeyIds]) => ({ scope: { apiKeyIds, only: true }, days }));
    const globalDays = this.config.privacy.retentionDays;
    if (globalDays !== null) {
      rules.push({ scope: { apiKeyIds: [...overrides.keys()], only: false }, days: globalDays });
    }
    return rules;
  }
}
