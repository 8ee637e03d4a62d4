import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { batchedEntityInsert, EntityInserts } from '../../database/batched-insert';
import { FieldCipher } from '../../database/field-cipher';
import type { Transaction } from '../../database/transactions';
import { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';

const TABLE = 'submission_field_values';

/** The `submission_field_values` table: every custom field value of every submission. */
@Injectable()
export class SubmissionFieldValuesRepository {
  /** The intake's grouped INSERT (see BatchedInsert): values of submissions that arrive together. */
  private readonly inserts: EntityInserts<SubmissionFieldValueEntity>;

  constructor(
    @InjectRepository(SubmissionFieldValueEntity) private readonly values: Repository<SubmissionFieldValueEntity>,
    private readonly cipher: FieldCipher,
  ) {
    this.inserts = batchedEntityInsert(values);
  }

  /** Stores a new submission's values, sealed, with the values of other submissions arriving now. */
  async insertForIntake(rows: readonly SubmissionFieldValueEntity[]): Promise<void> {
    await Promise.all(rows.map((row) => this.inserts.insert(this.cipher.sealRow(TABLE, { ...row }))));
  }

  /** Stores values in `tx` (sealed), with one INSERT. */
  async insertAll(rows: readonly SubmissionFieldValueEntity[], tx: Transaction): Promise<void> {
    await this.inserts.insertAll(
      rows.map((row) => this.cipher.sealRow(TABLE, { ...row })),
      (sql, parameters) => tx.query(sql, parameters),
    );
  }

  /** The values of these submissions (opened as they load), by submission, in name and position order. */
  async ofSubmissions(
    submissionIds: readonly string[],
    tx?: Transaction,
  ): Promise<Map<string, SubmissionFieldValueEntity[]>> {
    const bySubmission = new Map<string, SubmissionFieldValueEntity[]>();
    if (submissionIds.length === 0) {
      return bySubmission;
    }
    const repository = tx ? tx.getRepository(SubmissionFieldValueEntity) : this.values;
    const rows = await repository.find({
      where: { submissionId: In([...submissionIds]) },
      order: { submissionId: 'ASC', name: 'ASC', position: 'ASC' },
    });
    for (const row of rows) {
      const list = bySubmission.get(row.submissionId);
      if (list) {
        list.push(row);
      } else {
        bySubmission.set(row.submissionId, [row]);
      }
    }
    return bySubmission;
  }

  /** Removes these fields' values of one submission in `tx` (before their new values go in). */
  async deleteFields(submissionId: string, names: readonly string[], tx: Transaction): Promise<void> {
    if (names.length > 0) {
      await tx.getRepository(SubmissionFieldValueEntity).delete({ submissionId, name: In([...names]) });
    }
  }

  /** Removes every value of these submissions in `tx` (erasure, retention, deletion). */
  async deleteOfSubmissions(submissionIds: readonly string[], tx: Transaction): Promise<void> {
    if (submissionIds.length > 0) {
      await tx.getRepository(SubmissionFieldValueEntity).delete({ submissionId: In([...submissionIds]) });
    }
  }

  /**
   * Removes values whose submission never came (the intake stored them, then failed to store the
   * submission: see SubmissionFieldValueEntity) and whose submission id (a UUIDv7, so its time) is
   * older than `before`. At most `limit` rows; answers how many went.
   */
  async deleteOrphans(beforeId: string, limit: number): Promise<number> {
    const result = await this.values.query<{ affectedRows?: number }>(
      `DELETE FROM ${TABLE} WHERE id IN (SELECT id FROM (
         SELECT v.id FROM ${TABLE} v LEFT JOIN submissions s ON s.id = v.submission_id
         WHERE v.submission_id < ? AND s.id IS NULL LIMIT ?) orphans)`,
      [beforeId, limit],
    );
    return result.affectedRows ?? 0;
  }
}
