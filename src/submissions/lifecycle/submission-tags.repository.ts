import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { insertStatement } from '../../database/batched-insert';
import type { Transaction } from '../../database/transactions';
import { SubmissionTagEntity } from '../entities/submission-tag.entity';
import { tagKey } from './submission-tags';

/** appendAll's columns, in the order of its values. */
const TAG_COLUMNS = ['submission_id', 'tag_key', 'tag', 'position'];

/** The `submission_tags` table: each submission's labels, replaced as a whole when staff change them. */
@Injectable()
export class SubmissionTagsRepository {
  constructor(@InjectRepository(SubmissionTagEntity) private readonly tags: Repository<SubmissionTagEntity>) {}

  /** The labels of one submission, in the order staff gave them. */
  async of(submissionId: string, tx?: Transaction): Promise<string[]> {
    const repository = tx ? tx.getRepository(SubmissionTagEntity) : this.tags;
    const rows = await repository.find({ where: { submissionId }, order: { position: 'ASC' } });
    return rows.map((row) => row.tag);
  }

  /** The labels of each of these submissions (a page of the list, of the export), in order. */
  async ofSubmissions(submissionIds: string[]): Promise<Map<string, string[]>> {
    const bySubmission = new Map<string, string[]>();
    if (submissionIds.length === 0) {
      return bySubmission;
    }
    const rows = await this.tags.find({
      where: { submissionId: In(submissionIds) },
      order: { submissionId: 'ASC', position: 'ASC' },
    });
    for (const row of rows) {
      bySubmission.set(row.submissionId, [...(bySubmission.get(row.submissionId) ?? []), row.tag]);
    }
    return bySubmission;
  }

  /** Replaces a submission's labels with `tags` (already normalised: see normalizedTags), in `tx`. */
  async replace(submissionId: string, tags: string[], tx: Transaction): Promise<void> {
    const repository = tx.getRepository(SubmissionTagEntity);
    await repository.delete({ submissionId });
    if (tags.length > 0) {
      await repository.insert(tags.map((tag, position) => ({ submissionId, tagKey: tagKey(tag), tag, position })));
    }
  }

  /**
   * Replaces the labels of several submissions at once, in `tx`: one DELETE and one INSERT for all of
   * them (a bulk change's group: two statements instead of two per row).
   */
  async replaceAll(changes: readonly { submissionId: string; tags: string[] }[], tx: Transaction): Promise<void> {
    if (changes.length === 0) {
      return;
    }
    // A submission changed twice keeps the labels of its last change.
    const last = new Map(changes.map(({ submissionId, tags }) => [submissionId, tags]));
    const repository = tx.getRepository(SubmissionTagEntity);
    await repository.delete({ submissionId: In([...last.keys()]) });
    const rows = [...last].flatMap(([submissionId, tags]) =>
      tags.map((tag, position) => ({ submissionId, tagKey: tagKey(tag), tag, position })),
    );
    if (rows.length > 0) {
      await repository.insert(rows);
    }
  }

  /**
   * Adds labels after the `held` a submission has (normalised, none of them held), in `tx`. Inserts
   * only: a DELETE of the newest submission's labels (none yet) locks the gap at the end of the index,
   * and two such transactions then deadlock on each other's INSERT (rules label new submissions
   * concurrently).
   */
  async append(submissionId: string, tags: string[], held: number, tx: Transaction): Promise<void> {
    await this.appendAll([{ submissionId, tags, held }], tx);
  }

  /** Adds labels to several submissions (see append) with one INSERT, in `tx`. */
  async appendAll(
    additions: readonly { submissionId: string; tags: string[]; held: number }[],
    tx: Transaction,
  ): Promise<void> {
    // Hand-written: TypeORM's query builder cost more CPU than the statement (rules label new submissions).
    const values = additions.flatMap(({ submissionId, tags, held }) =>
      tags.flatMap((tag, i) => [submissionId, tagKey(tag), tag, held + i]),
    );
    if (values.length > 0) {
      await tx.query(insertStatement('submission_tags', TAG_COLUMNS, values.length / TAG_COLUMNS.length), values);
    }
  }

  /** Deletes the labels of these submissions, in `tx` (erasure and retention). */
  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<void> {
    await tx.getRepository(SubmissionTagEntity).delete({ submissionId: In(submissionIds) });
  }
}
