import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { batchedEntityInsert, EntityInserts, SameTurnGroups } from '../../database/batched-insert';
import { retryOnConflict } from '../../database/commit-conflict';
import { poolStatement } from '../../database/pool-statement';
import { FieldCipher } from '../../database/field-cipher';
import type { Transaction } from '../../database/transactions';
import { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';

const TABLE = 'submission_field_values';
/**
 * An intake statement's size at most (its values' text, sealed, plus a row's ids and columns): well
 * under MariaDB's default max_allowed_packet of 16 MB. One submission's values are bounded by the body
 * limit (64 KiB), so a group holds at least dozens of submissions.
 */
const INTAKE_GROUP_BYTES = 4 * 1024 * 1024;
const ROW_OVERHEAD_BYTES = 200;

/** The `submission_field_values` table: every custom field value of every submission. */
@Injectable()
export class SubmissionFieldValuesRepository {
  private readonly inserts: EntityInserts<SubmissionFieldValueEntity>;
  /**
   * The intake's grouped INSERT (see SameTurnGroups): each submission's rows are one item, and the
   * values of the submissions that arrive together go in one statement of up to INTAKE_GROUP_BYTES
   * (one statement per 100 rows made 64 submissions of 20 fields 14 statements, and doubled their CPU).
   */
  private readonly intakeGroups: SameTurnGroups<SubmissionFieldValueEntity[]>;

  constructor(
    @InjectRepository(SubmissionFieldValueEntity) private readonly values: Repository<SubmissionFieldValueEntity>,
    private readonly cipher: FieldCipher,
  ) {
    this.inserts = batchedEntityInsert(values);
    const run = poolStatement(values.manager.connection);
    this.intakeGroups = new SameTurnGroups(
      (groups) => retryOnConflict(() => this.inserts.insertAll(groups.flat(), run)),
      INTAKE_GROUP_BYTES,
      (rows) => rows.reduce((bytes, row) => bytes + ROW_OVERHEAD_BYTES + row.valueText.length * 4, 0),
    );
  }

  /** Stores a new submission's values, sealed, with the values of other submissions arriving now. */
  insertForIntake(rows: readonly SubmissionFieldValueEntity[]): Promise<void> {
    return this.intakeGroups.add(rows.map((row) => this.cipher.sealRow(TABLE, { ...row })));
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
