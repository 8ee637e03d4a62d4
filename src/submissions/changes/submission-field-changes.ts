import { Injectable } from '@nestjs/common';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service';
import type { FieldValue } from '../../custom-fields/field-values';
import { FieldCipher } from '../../database/field-cipher';
import type { Transaction } from '../../database/transactions';
import type { SubmissionFactData } from '../facts/submission-facts';
import { SubmissionFieldValuesRepository } from '../lifecycle/submission-field-values.repository';
import { fieldIndexRowsOf, fieldValuesColumn, storedFieldValues } from '../lifecycle/submission-fields';
import { SubmissionsRepository } from '../submissions.repository';
import type { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';

/** A change of a submission's custom fields, checked and worked out against its stored values. */
export interface PlannedFieldChange {
  /** Every value after the change: the row's new `field_values`. */
  values: Map<string, FieldValue>;
  /** The index rows of the fields that change (see SubmissionFieldValueEntity). */
  indexRows: SubmissionFieldValueEntity[];
  /** What the fact records (its `names` are the fields that change). */
  fact: SubmissionFactData['fields_changed'];
}

/**
 * Staff's changes of custom fields' values (PATCH `fields`): checked against the key's current fields
 * (FieldSet.checkChange: staff_only fields too, a required one never cleared), compared with what is
 * stored, and written in the change's transaction: the row's values, and the index rows of the fields
 * that changed.
 */
@Injectable()
export class SubmissionFieldChanges {
  constructor(
    private readonly customFields: CustomFieldsService,
    private readonly submissions: SubmissionsRepository,
    private readonly index: SubmissionFieldValuesRepository,
    private readonly cipher: FieldCipher,
  ) {}

  /** The change of `member` (the body's `fields`) for this submission; null when nothing would change. */
  async plan(submission: { id: string; apiKeyId: string }, member: unknown): Promise<PlannedFieldChange | null> {
    const set = await this.customFields.of(submission.apiKeyId);
    const asked = set.checkChange(member);
    const stored = storedFieldValues(
      (await this.submissions.fieldValuesOf([submission.id])).get(submission.id)?.fieldValues,
    );
    const values = new Map(stored);
    const fact: PlannedFieldChange['fact'] = { names: [], before: {}, after: {} };
    for (const [name, value] of asked) {
      const before = stored.get(name) ?? null;
      if (JSON.stringify(before) === JSON.stringify(value)) {
        continue;
      }
      fact.names.push(name);
      if (!set.field(name)!.personal) {
        fact.before[name] = before;
        fact.after[name] = value;
      }
      if (value === null) {
        values.delete(name);
      } else {
        values.set(name, value);
      }
    }
    if (fact.names.length === 0) {
      return null;
    }
    const changed = new Map([...values].filter(([name]) => fact.names.includes(name)));
    return { values, fact, indexRows: fieldIndexRowsOf(submission.id, set, changed, !this.cipher.enabled) };
  }

  /**
   * Writes a planned change in `tx` (the caller's conditional UPDATE has locked the row): the values,
   * sealed under the row's key, and the changed fields' index rows.
   */
  async apply(submissionId: string, change: PlannedFieldChange, tx: Transaction): Promise<void> {
    const row = (await this.submissions.fieldValuesOf([submissionId], tx)).get(submissionId)!;
    await this.submissions.writeFieldValues(
      { id: submissionId, encKeyId: row.encKeyId },
      fieldValuesColumn(change.values),
      tx,
    );
    await this.index.replace(submissionId, change.indexRows, tx, change.fact.names);
  }
}
