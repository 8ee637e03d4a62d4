import { Transaction } from '../../database/transactions';
import { JobProducer } from '../../queue/job-producer';
import { unreadableOf } from '../staff-api/staff-submission';
import { SubmissionDeliveryRepository } from '../lifecycle/submission-delivery.repository';
import { SubmissionNotesRepository } from '../lifecycle/submission-notes.repository';
import { SubmissionTagsRepository } from '../lifecycle/submission-tags.repository';
import { SubmissionFieldValuesRepository } from '../lifecycle/submission-field-values.repository';
import { SubmissionFields } from '../lifecycle/submission-fields.service';
import { ExportedFields, HoldsPersonalData, PersonalDataPort } from './personal-data-port';

/**
 * A submission's notes and tags, and the record of its staff channels in an export; deleting them
 * forgets the submission's delivery jobs (the rows themselves go last, with their channel records:
 * SubmissionRetentionRepository.deleteWithChannelRecords).
 */
@HoldsPersonalData('submissions')
export class SubmissionsPersonalData implements PersonalDataPort {
  constructor(
    private readonly notes: SubmissionNotesRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly deliveries: SubmissionDeliveryRepository,
    private readonly fieldValues: SubmissionFieldValuesRepository,
    private readonly fields: SubmissionFields,
    private readonly jobs: JobProducer,
  ) {}

  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<() => Promise<void>> {
    await this.notes.deleteOfSubmissions(submissionIds, tx);
    await this.tags.deleteOfSubmissions(submissionIds, tx);
    await this.fieldValues.deleteOfSubmissions(submissionIds, tx);
    return () =>
      this.jobs.forget(
        'deliverSubmission',
        submissionIds.map((submissionId) => ({ submissionId })),
      );
  }

  async exportOfSubmissions(submissionIds: string[]): Promise<(submissionId: string) => ExportedFields> {
    const [notes, tags, fields] = await Promise.all([
      // With what a merge moved from them into another submission (still theirs: see merged_from_id).
      this.notes.ofSubmissions(submissionIds, { movedFrom: true }),
      this.tags.ofSubmissions(submissionIds),
      // Every custom field, retired and personal ones too: a person's export holds all of theirs.
      this.fields.ofIds(submissionIds),
    ]);
    const channels = new Map<string, ExportedFields['deliveries']>();
    for (const id of submissionIds) {
      channels.set(
        id,
        (await this.deliveries.deliveriesOf(id)).map((delivery) => ({
          channel: delivery.channel,
          attempts: delivery.attempts,
          delivered_at: delivery.deliveredAt?.toISOString() ?? null,
        })),
      );
    }
    return (submissionId) => ({
      fields: fields.get(submissionId) ?? [],
      tags: tags.get(submissionId) ?? [],
      notes: notes
        .filter((note) => note.submissionId === submissionId || note.mergedFromId === submissionId)
        .map((note) => ({
          id: note.id,
          body: note.body ?? '',
          created_at: note.createdAt.toISOString(),
          ...unreadableOf(note),
        })),
      deliveries: channels.get(submissionId) ?? [],
    });
  }
}
