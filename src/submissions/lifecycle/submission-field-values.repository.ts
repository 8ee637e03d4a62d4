import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { batchedEntityInsert, EntityInserts } from '../../database/batched-insert';
import type { Transaction } from '../../database/transactions';
import { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';

/** The `submission_field_values` table: the filter index of custom fields (see the entity). */
@Injectable()
export class SubmissionFieldValuesRepository {
  private readonly inserts: EntityInserts<SubmissionFieldValueEntity>;

  constructor(
    @InjectRepository(SubmissionFieldValueEntity) private readonly values: Repository<SubmissionFieldValueEntity>,
  ) {
    this.inserts = batchedEntityInsert(values);
  }

  /**
   * Replaces a submission's index rows in `tx` with `rows`: all of them, or only those of `names` (a
   * staff change of some fields).
   */
  async replace(
    submissionId: string,
    rows: readonly SubmissionFieldValueEntity[],
    tx: Transaction,
    names?: readonly string[],
  ): Promise<void> {
    if (names?.length === 0) {
      return;
    }
    await tx
      .getRepository(SubmissionFieldValueEntity)
      .delete(names ? { submissionId, name: In([...names]) } : { submissionId });
    await this.inserts.insertAll(rows, (sql, parameters) => tx.query(sql, parameters));
  }

  /** Removes every index row of these submissions in `tx` (erasure, retention, deletion). */
  async deleteOfSubmissions(submissionIds: readonly string[], tx: Transaction): Promise<void> {
    if (submissionIds.length > 0) {
      await tx.getRepository(SubmissionFieldValueEntity).delete({ submissionId: In([...submissionIds]) });
    }
  }
}
