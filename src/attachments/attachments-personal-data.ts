import { Transaction } from '../database/transactions';
import { ExportedFields, HoldsPersonalData, PersonalDataPort } from '../submissions/personal-data/personal-data-port';
import { AttachmentsRepository } from './attachments.repository';

/** A submission's files: its request's and its messages', their pieces with them. */
@HoldsPersonalData('attachments')
export class AttachmentsPersonalData implements PersonalDataPort {
  constructor(private readonly attachments: AttachmentsRepository) {}

  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<void> {
    await this.attachments.deleteOfSubmissions(submissionIds, tx);
  }

  async exportOfSubmissions(submissionIds: string[]): Promise<(submissionId: string) => ExportedFields> {
    const files = await this.attachments.ofSubmissions(submissionIds, { movedFrom: true });
    return (submissionId) => ({
      // What each file is, never its bytes.
      attachments: files
        .filter((file) => file.submissionId === submissionId || file.mergedFromId === submissionId)
        .map((file) => ({ name: file.name, type: file.type, size: file.size, sha256: file.sha256 })),
    });
  }
}
