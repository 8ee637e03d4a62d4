import { Injectable } from '@nestjs/common';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service';
import type { FieldValue } from '../../custom-fields/field-values';
import type { Transaction } from '../../database/transactions';
import type { SubmissionFactData } from '../facts/submission-facts';
import { SubmissionFieldValuesRepository } from '../lifecycle/submission-field-values.repository';
import { fieldViewsOf, valueRowsOf } from '../lifecycle/submission-fields';
import type { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';

/** A change of a submission's custom fields, checked and worked out against its stored values. */
export interface PlannedFieldChange {
  /** The rows to write for the fields that change (none for a cleared one). */
  rows: SubmissionFieldValueEntity[];
  /** What the fact records. */
  fact: SubmissionFactData['fields_changed'];
}

/**
 * Staff's changes of custom fields' values (PATCH `fields`): checked against the key's current fields
 * (FieldSet.checkChange: staff_only fields too, a required one never cleared), compared with what is
 * stored, and written in the change's transaction as rows (the named fields' rows replaced).
 */
@Injectable()
export class SubmissionFieldChanges {
  constructor(
    private readonly customFields: CustomFieldsService,
    private readonly values: SubmissionFieldValuesRepository,
  ) {}

  /** The change of `member` (the body's `fields`) for this submission; null when nothing would change. */
  async plan(submission: { id: string; apiKeyId: string }, member: unknown): Promise<PlannedFieldChange | null> {
    const set = await this.customFields.of(submission.apiKeyId);
    const asked = set.checkChange(member);
    const stored = (await this.values.ofSubmissions([submission.id])).get(submission.id) ?? [];
    const now = new Map(fieldViewsOf(set, stored).map((view) => [view.name, view.value]));
    const fact: PlannedFieldChange['fact'] = { names: [], before: {}, after: {} };
    const rows: SubmissionFieldValueEntity[] = [];
    for (const [name, value] of asked) {
      const before = now.get(name) ?? null;
      if (sameValue(before, value)) {
        continue;
      }
      const field = set.field(name)!;
      fact.names.push(name);
      if (!field.personal) {
        fact.before[name] = before;
        fact.after[name] = value;
      }
      if (value !== null) {
        rows.push(...valueRowsOf(submission.id, field, value));
      }
    }
    return fact.names.length > 0 ? { rows, fact } : null;
  }

  /** Writes a planned change in `tx`: the changed fields' rows replaced. */
  async apply(submissionId: string, change: PlannedFieldChange, tx: Transaction): Promise<void> {
    await this.values.deleteFields(submissionId, change.fact.names, tx);
    await this.values.insertAll(change.rows, tx);
  }
}

function sameValue(a: FieldValue | null, b: FieldValue | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
