import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { FieldCipher } from '../../database/field-cipher';
import type { Transaction } from '../../database/transactions';
import { SubmissionNoteEntity } from '../entities/submission-note.entity';

/** The `submission_notes` table: notes are added and read, never changed. */
@Injectable()
export class SubmissionNotesRepository {
  constructor(
    @InjectRepository(SubmissionNoteEntity) private readonly notes: Repository<SubmissionNoteEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  /** Stores a note, its body sealed when encryption at rest is on. */
  async insert(note: SubmissionNoteEntity, tx?: Transaction): Promise<void> {
    const repository = tx ? tx.getRepository(SubmissionNoteEntity) : this.notes;
    await repository.insert(this.cipher.sealRow('submission_notes', note));
  }

  /** A submission's notes, oldest first, with each author's id and name. */
  forSubmission(submissionId: string): Promise<SubmissionNoteEntity[]> {
    return this.notes
      .createQueryBuilder('n')
      .leftJoin('n.author', 'a')
      .addSelect(['a.id', 'a.name'])
      .where('n.submission_id = :submissionId', { submissionId })
      .orderBy('n.id', 'ASC')
      .getMany();
  }

  /**
   * The notes of these submissions, oldest first (export); `movedFrom`: also those a merge moved from
   * them into another submission.
   */
  ofSubmissions(submissionIds: string[], options: { movedFrom?: boolean } = {}): Promise<SubmissionNoteEntity[]> {
    const where = [
      { submissionId: In(submissionIds) },
      ...(options.movedFrom ? [{ mergedFromId: In(submissionIds) }] : []),
    ];
    return submissionIds.length === 0 ? Promise.resolve([]) : this.notes.find({ where, order: { id: 'ASC' } });
  }

  /**
   * Moves a submission's notes into another (a merge), in `tx`; each keeps the submission it was written
   * on (`merged_from_id`, the first one through a chain of merges).
   */
  async moveToSubmission(sourceId: string, targetId: string, tx: Transaction): Promise<void> {
    await tx
      .createQueryBuilder()
      .update(SubmissionNoteEntity)
      .set({ submissionId: targetId, mergedFromId: () => 'COALESCE(merged_from_id, :sourceId)' })
      .where('submission_id = :sourceId', { sourceId })
      .execute();
  }

  /**
   * Deletes the notes of these submissions, in `tx` (erasure and retention), and those that were
   * written on them and moved into another by a merge.
   */
  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<void> {
    const repository = tx.getRepository(SubmissionNoteEntity);
    await repository.delete({ submissionId: In(submissionIds) });
    await repository.delete({ mergedFromId: In(submissionIds) });
  }
}
