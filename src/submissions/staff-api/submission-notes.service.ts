import { HttpStatus, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../../audit/actor';
import { Transactions } from '../../database/transactions';
import { ApiException } from '../../http/api-exception';
import { StaffAccountsRepository } from '../../staff-accounts/staff-accounts.repository';
import { NoteView, toNoteView } from './dto/staff-submission.views';
import { SubmissionNoteEntity } from '../entities/submission-note.entity';
import { SubmissionFactRecorder } from '../facts/submission-fact-recorder';
import { SubmissionNotesRepository } from '../lifecycle/submission-notes.repository';
import { workflowChangeRefused } from '../lifecycle/submission-state';
import { SubmissionWorkflowRepository } from '../lifecycle/submission-workflow.repository';

/** Staff's internal notes on a submission (never sent to the requester). */
@Injectable()
export class SubmissionNotesService {
  constructor(
    private readonly submissions: SubmissionWorkflowRepository,
    private readonly notes: SubmissionNotesRepository,
    private readonly accounts: StaffAccountsRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Adds a note: the note and its `note_added` fact (its audit event) commit together. A merged
   * submission takes none (409, as a PATCH): its notes went to the target. The row is read locked,
   * so a merge meanwhile either waits for this note (and moves it too) or committed first.
   */
  async add(submissionId: string, body: string, actor: Actor & { id: string }): Promise<NoteView> {
    const note: SubmissionNoteEntity = {
      id: uuidv7(),
      submissionId,
      authorId: actor.id,
      body,
      createdAt: new Date(),
      encKeyId: null,
    };
    await this.transactions.run(async (tx) => {
      const submission = await this.submissions.workflowRowForUpdate(submissionId, tx);
      if (!submission) {
        throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
      }
      const refused = workflowChangeRefused(submission.status);
      if (refused) {
        throw new ApiException(HttpStatus.CONFLICT, refused);
      }
      await this.notes.insert(note, tx);
      await this.facts.record(
        { name: 'note_added', submissionId, apiKeyId: submission.apiKeyId, actor, data: { noteId: note.id } },
        tx,
      );
    });
    const author = await this.accounts.findById(actor.id);
    return toNoteView({ ...note, author: author ?? undefined });
  }
}
