import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import type { Transaction } from '../database/transactions';
import { SubmissionEntity } from './entities/submission.entity';

/** How far a chain of merges is followed (A into B into C ...): a cycle cannot form, this only bounds a read. */
const MAX_MERGE_HOPS = 32;

/**
 * A submission as other rooms read it: one row by id, whether it is there, where a chain of merges
 * leads, and a requester's submissions by address. The other queries of `submissions` and
 * `submission_deliveries` are split by the part that asks them (issue 54, point 8): the intake's
 * INSERTs (SubmissionIntakeRepository), the delivery state and the channels' records
 * (SubmissionDeliveryRepository), the workflow writes (SubmissionWorkflowRepository), the staff list
 * (StaffSubmissionsRepository) and retention and deletion (SubmissionRetentionRepository); a room
 * injects only the part it uses.
 */
@Injectable()
export class SubmissionsRepository {
  constructor(
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  findById(id: string): Promise<SubmissionEntity | null> {
    return this.submissions.findOneBy({ id });
  }

  /** Whether the submission is there (its primary key only: nothing to decrypt). */
  /**
   * The key and the custom fields' values (`field_values`, opened) of each of these submissions that
   * exist, in `tx` when given (locked until it ends with `lock`).
   */
  async fieldValuesOf(
    ids: readonly string[],
    tx?: Transaction,
    options: { lock?: boolean } = {},
  ): Promise<Map<string, Pick<SubmissionEntity, 'apiKeyId' | 'fieldValues' | 'encKeyId'>>> {
    if (ids.length === 0) {
      return new Map();
    }
    const repository = tx ? tx.getRepository(SubmissionEntity) : this.submissions;
    const rows = await repository.find({
      // enc_key_id and id: what the sealed column opens with.
      select: { id: true, apiKeyId: true, fieldValues: true, encKeyId: true },
      where: { id: In([...ids]) },
      ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Writes a submission's custom fields' values in `tx`, sealed under its row's key (`encKeyId` as read). */
  async writeFieldValues(
    row: { id: string; encKeyId: string | null },
    fieldValues: string | null,
    tx: Transaction,
  ): Promise<void> {
    const sealed = this.cipher.sealRowUnder('submissions', row, { fieldValues });
    await tx.getRepository(SubmissionEntity).update({ id: row.id }, sealed);
  }

  exists(id: string): Promise<boolean> {
    return this.submissions.existsBy({ id });
  }

  /**
   * Where mail or a link to `id` goes now: the submission at the end of its chain of merges (itself
   * when it was not merged), or null when `id` is not there.
   */
  async mergeTargetOf(id: string): Promise<string | null> {
    let current = id;
    for (let hop = 0; hop <= MAX_MERGE_HOPS; hop += 1) {
      const row = await this.submissions.findOne({ select: { id: true, mergedIntoId: true }, where: { id: current } });
      if (!row) {
        return hop === 0 ? null : current;
      }
      if (!row.mergedIntoId) {
        return row.id;
      }
      current = row.mergedIntoId;
    }
    return current;
  }

  /**
   * The submissions merged into these, directly or through others (A into B into C: both A and B for
   * C), through the `ix_submissions_merged_into` index; without `ids` themselves. `lock` (in `tx`):
   * a locking read (FOR UPDATE) of each step.
   */
  async mergedSourcesOf(ids: string[], tx?: Transaction, options: { lock?: boolean } = {}): Promise<string[]> {
    const repository = tx ? tx.getRepository(SubmissionEntity) : this.submissions;
    const lock = tx && options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {};
    const found: string[] = [];
    let frontier = ids;
    for (let hop = 0; hop < MAX_MERGE_HOPS && frontier.length > 0; hop += 1) {
      const rows = await repository.find({ select: { id: true }, where: { mergedIntoId: In(frontier) }, ...lock });
      frontier = rows.map((row) => row.id).filter((id) => !found.includes(id) && !ids.includes(id));
      found.push(...frontier);
    }
    return found;
  }

  /**
   * The requests of the submissions merged into `id`, directly or through others: what each requester
   * first wrote (name, address, message, when), opened as they load; oldest first.
   */
  async mergedRequestsOf(
    id: string,
  ): Promise<Pick<SubmissionEntity, 'id' | 'name' | 'email' | 'message' | 'createdAt' | 'encKeyId'>[]> {
    const sources = await this.mergedSourcesOf([id]);
    return sources.length === 0
      ? []
      : this.submissions.find({
          // The sealed columns open with the row's key id (the sealed-columns subscriber).
          select: { id: true, name: true, email: true, message: true, createdAt: true, encKeyId: true },
          where: { id: In(sources) },
          order: { createdAt: 'ASC', id: 'ASC' },
        });
  }

  /** Every submission stored under one of these e-mail hashes (see FieldCipher.emailHashes), oldest first. */
  findByEmailHashes(emailHashes: string[]): Promise<SubmissionEntity[]> {
    return this.submissions.find({ where: { emailHash: In(emailHashes) }, order: { id: 'ASC' } });
  }
}
