import { HttpStatus, Injectable } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import { FieldCipher } from '../../database/field-cipher';
import { ApiException } from '../../http/api-exception';
import { HistoryItemView, iso, SubmissionDetailView, toNoteView, toSubmissionView } from './dto/staff-submission.views';
import { SubmissionEntity } from '../entities/submission.entity';
import { SubmissionDetailSections } from './submission-detail-sections';
import { SubmissionNotesRepository } from '../lifecycle/submission-notes.repository';
import { refOf } from '../lifecycle/submission-ref';
import { SubmissionTagsRepository } from '../lifecycle/submission-tags.repository';
import { SubmissionFields } from '../lifecycle/submission-fields.service';
import { StaffSubmissionsRepository } from './staff-submissions.repository';
import { SubmissionDeliveryRepository } from '../lifecycle/submission-delivery.repository';

/** How many of the same person's other submissions the detail lists. */
const HISTORY_SIZE = 20;

/** One submission as staff open it: its fields, deliveries, notes, events, history and other rooms' sections. */
@Injectable()
export class SubmissionDetailService {
  constructor(
    private readonly staffSubmissions: StaffSubmissionsRepository,
    private readonly submissionDeliveries: SubmissionDeliveryRepository,
    private readonly notes: SubmissionNotesRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly audit: AuditService,
    private readonly sections: SubmissionDetailSections,
    private readonly cipher: FieldCipher,
    private readonly fields: SubmissionFields,
  ) {}

  async detail(id: string): Promise<SubmissionDetailView> {
    const submission = await this.staffSubmissions.findWithRefs(id);
    if (!submission) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    const [deliveries, notes, events, sections, history, tags, mergedFrom, fields] = await Promise.all([
      this.submissionDeliveries.deliveriesOf(id),
      this.notes.forSubmission(id),
      this.audit.timelineOf(id),
      this.sections.of(id),
      this.historyOf(submission),
      this.tags.of(id),
      this.staffSubmissions.mergedInto(id),
      this.fields.ofOne(submission),
    ]);
    return {
      ...toSubmissionView(submission, tags, fields),
      client_ip: submission.clientIp,
      user_agent: submission.userAgent,
      attempts: submission.attempts,
      last_error: submission.lastError,
      processed_at: iso(submission.processedAt),
      deliveries: deliveries.map((delivery) => ({
        channel: delivery.channel,
        attempts: delivery.attempts,
        last_error: delivery.lastError,
        last_attempt_at: iso(delivery.lastAttemptAt),
        delivered_at: iso(delivery.deliveredAt),
      })),
      webhooks: (sections.webhooks as object[] | undefined) ?? [],
      timeline: (sections.timeline as object[] | undefined) ?? [],
      rating: (sections.rating as object | null | undefined) ?? null,
      history,
      notes: notes.map(toNoteView),
      merged_into: submission.mergedIntoId
        ? { id: submission.mergedIntoId, ref: refOf(submission.mergedIntoId) }
        : null,
      merged_from: mergedFrom.map((row) => ({ id: row.id, ref: refOf(row.id) })),
      events: await this.audit.views(events),
    };
  }

  /**
   * The same person's other submissions, newest first (HISTORY_SIZE): by the address's keyed hash, so
   * it works with encryption at rest, then compared as privacy matching compares (never a look-alike).
   */
  private async historyOf(submission: SubmissionEntity): Promise<HistoryItemView[]> {
    const hashes = submission.email
      ? this.cipher.emailHashes(submission.email)
      : submission.emailHash
        ? [submission.emailHash]
        : [];
    if (hashes.length === 0) {
      return [];
    }
    const rows = await this.staffSubmissions.historyOf(hashes, submission.id, HISTORY_SIZE);
    return rows
      .filter((row) => !submission.email || this.cipher.isSameEmail(row, submission.email))
      .map((row) => ({ id: row.id, ref: refOf(row.id), status: row.status, created_at: row.createdAt.toISOString() }));
  }
}
