import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import type { Transaction } from '../database/transactions';
import { SubmissionNoteEntity } from './entities/submission-note.entity';

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

  /** The notes of these submissions, oldest first (export). */
  ofSubmissions(submissionIds: string[]): Promise<SubmissionNoteEntity[]> {
    return submissionIds.length === 0
      ? Promise.resolve([])
      : this.notes.find({ where: { submissionId: In(submissionIds) }, order: { id: 'ASC' } });
  }

  /** Deletes the notes of these submissions, in `tx` (erasure and retention). */
  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<void> {
    await tx.getRepository(SubmissionNoteEntity).delete({ submissionId: In(submissionIds) });
  }
}
