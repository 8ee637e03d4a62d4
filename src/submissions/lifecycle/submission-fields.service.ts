import { Injectable } from '@nestjs/common';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service';
import type { Transaction } from '../../database/transactions';
import { SubmissionFieldValuesRepository } from './submission-field-values.repository';
import { fieldViewsOf, SubmissionFieldView } from './submission-fields';

/** A submission's custom fields as every reader shows them: its values, labelled by its key's fields. */
@Injectable()
export class SubmissionFieldsReader {
  constructor(
    private readonly values: SubmissionFieldValuesRepository,
    private readonly fields: CustomFieldsService,
  ) {}

  /** The fields of each of these submissions (a page, an export batch, a webhook's submission). */
  async of(
    submissions: readonly { id: string; apiKeyId: string }[],
    tx?: Transaction,
  ): Promise<Map<string, SubmissionFieldView[]>> {
    if (submissions.length === 0) {
      return new Map();
    }
    const [values, sets] = await Promise.all([
      this.values.ofSubmissions(
        submissions.map((submission) => submission.id),
        tx,
      ),
      this.fields.ofKeys(submissions.map((submission) => submission.apiKeyId)),
    ]);
    return new Map(
      submissions.map((submission) => [
        submission.id,
        fieldViewsOf(sets.get(submission.apiKeyId)!, values.get(submission.id) ?? []),
      ]),
    );
  }

  /** One submission's fields. */
  async ofOne(submission: { id: string; apiKeyId: string }, tx?: Transaction): Promise<SubmissionFieldView[]> {
    return (await this.of([submission], tx)).get(submission.id)!;
  }
}
