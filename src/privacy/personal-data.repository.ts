import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan, Not } from 'typeorm';
import { SealedTable } from '../database/field-cipher';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SubmissionNoteEntity } from '../submissions/entities/submission-note.entity';
import { WebhookDestinationEntity } from '../webhooks/entities/webhook-destination.entity';

/** At most this many rows per statement: short locks, even on a large table. */
export const BATCH_ROWS = 1000;

/** Which submissions a retention rule covers: some keys, or every key but some. */
export interface RetentionScope {
  apiKeyIds: string[];
  /** true: only `apiKeyIds`; false: every key except them. */
  only: boolean;
}

/** The queries of retention, export and erasure (across the submission tables, by id or by address). */
@Injectable()
export class PersonalDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every submission stored under one of these e-mail hashes (see FieldCipher.emailHashes). */
  submissionsByEmailHash(emailHashes: string[]): Promise<SubmissionEntity[]> {
    return this.dataSource
      .getRepository(SubmissionEntity)
      .createQueryBuilder('s')
      .where('s.email_hash IN (:...emailHashes)', { emailHashes })
      .orderBy('s.id')
      .getMany();
  }

  /**
   * Up to `limit` rows of a sealed table not sealed with `keyId` (in clear, or under an older key)
   * after id `afterId` (keyset: rows that cannot be moved are passed, not read again), oldest first,
   * opened as they load.
   */
  notSealedWith(table: SealedTable, keyId: string, limit: number, afterId: string): Promise<SealedEntity[]> {
    return this.dataSource.getRepository<SealedEntity>(entityOf(table)).find({
      where: [
        { encKeyId: IsNull(), id: MoreThan(afterId) },
        { encKeyId: Not(keyId), id: MoreThan(afterId) },
      ],
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /**
   * Writes a row's newly sealed columns if it is still sealed as it was read (`previousKeyId`), so a
   * concurrent run cannot seal a row twice. Returns whether it did.
   */
  async reseal(
    table: SealedTable,
    row: { id: string; encKeyId: string | null },
    previousKeyId: string | null,
    columns: Record<string, string | null>,
  ): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(entityOf(table))
      .update(
        { id: row.id, encKeyId: previousKeyId === null ? IsNull() : previousKeyId },
        { ...columns, encKeyId: row.encKeyId },
      );
    return result.affected === 1;
  }

  notesOf(submissionIds: string[]): Promise<SubmissionNoteEntity[]> {
    return submissionIds.length === 0
      ? Promise.resolve([])
      : this.dataSource
          .getRepository(SubmissionNoteEntity)
          .createQueryBuilder('note')
          .where('note.submissionId IN (:...submissionIds)', { submissionIds })
          .orderBy('note.id')
          .getMany();
  }

  /** Up to BATCH_ROWS closed or spam submissions created before `cutoff`, in `scope`. */
  async expiredIds(scope: RetentionScope, cutoff: Date): Promise<string[]> {
    const keys = scope.apiKeyIds.length > 0 ? scope.apiKeyIds : [''];
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT id FROM submissions
       WHERE status IN ('closed', 'spam') AND created_at < ? AND api_key_id ${scope.only ? 'IN' : 'NOT IN'} (?)
       ORDER BY created_at LIMIT ${BATCH_ROWS}`,
      [cutoff, keys],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Deletes these submissions (at most BATCH_ROWS) with their notes, channel records, webhook
   * deliveries and attempts, in one transaction. Returns how many submissions this call removed (a
   * concurrent run that got there first leaves 0) and the webhook job ids that may still be queued.
   */
  async deleteSubmissions(ids: string[]): Promise<{ deleted: number; webhookJobIds: string[] }> {
    if (ids.length === 0) {
      return { deleted: 0, webhookJobIds: [] };
    }
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const deliveries = await manager.query<{ id: string; submission_id: string; destination_id: string }[]>(
        'SELECT id, submission_id, destination_id FROM webhook_deliveries WHERE submission_id IN (?)',
        [ids],
      );
      if (deliveries.length > 0) {
        await manager.query('DELETE FROM webhook_attempts WHERE delivery_id IN (?)', [deliveries.map((d) => d.id)]);
        await manager.query('DELETE FROM webhook_deliveries WHERE submission_id IN (?)', [ids]);
      }
      await manager.query('DELETE FROM submission_notes WHERE submission_id IN (?)', [ids]);
      await manager.query('DELETE FROM submission_deliveries WHERE submission_id IN (?)', [ids]);
      const result = await manager.query<{ affectedRows: number }>('DELETE FROM submissions WHERE id IN (?)', [ids]);
      return {
        deleted: result.affectedRows,
        webhookJobIds: [...new Set(deliveries.map((d) => `${d.submission_id}-${d.destination_id}`))],
      };
    });
  }

  /** Deletes up to BATCH_ROWS refresh tokens whose family has ended; returns how many. */
  async purgeEndedRefreshTokens(now: Date): Promise<number> {
    const result = await this.dataSource.query<{ affectedRows: number }>(
      `DELETE FROM refresh_tokens WHERE family_expires_at < ? LIMIT ${BATCH_ROWS}`,
      [now],
    );
    return result.affectedRows;
  }

  /** Keys with a retention of their own: days (0 = forever) by key id. */
  async retentionOverrides(): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<{ id: string; retention_days: number }[]>(
      'SELECT id, retention_days FROM api_keys WHERE retention_days IS NOT NULL',
    );
    return new Map(rows.map((row) => [row.id, Number(row.retention_days)]));
  }
}

type SealedEntity = SubmissionEntity | SubmissionNoteEntity | WebhookDestinationEntity;

function entityOf(
  table: SealedTable,
): typeof SubmissionEntity | typeof SubmissionNoteEntity | typeof WebhookDestinationEntity {
  return {
    submissions: SubmissionEntity,
    submission_notes: SubmissionNoteEntity,
    webhook_destinations: WebhookDestinationEntity,
  }[table];
}
