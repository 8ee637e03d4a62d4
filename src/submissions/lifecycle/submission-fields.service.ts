import { Injectable } from '@nestjs/common';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service';
import { FieldCipher } from '../../database/field-cipher';
import { Transaction, Transactions } from '../../database/transactions';
import { SubmissionsRepository } from '../submissions.repository';
import type { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';
import { SubmissionFieldValuesRepository } from './submission-field-values.repository';
import { fieldIndexRowsOf, fieldViewsOf, storedFieldValues, SubmissionFieldView } from './submission-fields';

/** A submission as the fields' reader needs it: its key, and its `field_values` when already read. */
export interface FieldsOwner {
  id: string;
  apiKeyId: string;
  /** Its `field_values` as loaded (opened); absent: read here. */
  fieldValues?: string | null;
}

/**
 * A submission's custom fields: its values (the row's `field_values`) labelled by its key's fields, as
 * every reader shows them, and the filter index derived from them.
 */
@Injectable()
export class SubmissionFields {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly index: SubmissionFieldValuesRepository,
    private readonly fields: CustomFieldsService,
    private readonly transactions: Transactions,
    private readonly cipher: FieldCipher,
  ) {}

  /** The fields of each of these submissions (a page, an export batch, a webhook's submission). */
  async of(owners: readonly FieldsOwner[], tx?: Transaction): Promise<Map<string, SubmissionFieldView[]>> {
    if (owners.length === 0) {
      return new Map();
    }
    const unread = owners.filter((owner) => owner.fieldValues === undefined).map((owner) => owner.id);
    const [read, sets] = await Promise.all([
      this.submissions.fieldValuesOf(unread, tx),
      this.fields.ofKeys(owners.map((owner) => owner.apiKeyId)),
    ]);
    return new Map(
      owners.map((owner) => [
        owner.id,
        fieldViewsOf(
          sets.get(owner.apiKeyId)!,
          storedFieldValues(owner.fieldValues === undefined ? read.get(owner.id)?.fieldValues : owner.fieldValues),
        ),
      ]),
    );
  }

  /** The fields of each of these submissions that exist, by id (their rows read here). */
  async ofIds(ids: readonly string[]): Promise<Map<string, SubmissionFieldView[]>> {
    const rows = await this.submissions.fieldValuesOf(ids);
    return this.of([...rows].map(([id, row]) => ({ id, apiKeyId: row.apiKeyId, fieldValues: row.fieldValues })));
  }

  /** One submission's fields. */
  async ofOne(owner: FieldsOwner, tx?: Transaction): Promise<SubmissionFieldView[]> {
    return (await this.of([owner], tx)).get(owner.id)!;
  }

  /**
   * The filter index rows of these submissions as their values make them now (in `tx` when given), by
   * submission: what a change compares before a worker has written the index.
   */
  async indexRowsOf(
    owners: readonly { id: string; apiKeyId: string }[],
    tx?: Transaction,
  ): Promise<Map<string, SubmissionFieldValueEntity[]>> {
    const [read, sets] = await Promise.all([
      this.submissions.fieldValuesOf(
        owners.map((owner) => owner.id),
        tx,
      ),
      this.fields.ofKeys(owners.map((owner) => owner.apiKeyId)),
    ]);
    return new Map(
      owners.map((owner) => [
        owner.id,
        fieldIndexRowsOf(owner.id, sets.get(owner.apiKeyId)!, storedFieldValues(read.get(owner.id)?.fieldValues)),
      ]),
    );
  }

  /**
   * Writes a submission's filter index from its values (all its rows replaced), its row locked so a
   * staff change of the values cannot interleave. The worker calls it when it first takes a submission
   * (and again on a retry: the same rows), so the intake writes one row and nothing more.
   */
  async indexOf(submissionId: string, apiKeyId?: string): Promise<void> {
    // The key's fields looked up before the row is locked (never a query while holding the lock).
    const known = apiKeyId === undefined ? undefined : await this.fields.of(apiKeyId);
    await this.transactions.run(async (tx) => {
      const row = (await this.submissions.fieldValuesOf([submissionId], tx, { lock: true })).get(submissionId);
      if (!row?.fieldValues) {
        return;
      }
      const set = known ?? (await this.fields.of(row.apiKeyId));
      // Personal text is searchable only while it is stored in clear anyway (no encryption at rest).
      const rows = fieldIndexRowsOf(submissionId, set, storedFieldValues(row.fieldValues), !this.cipher.enabled);
      await this.index.replace(submissionId, rows, tx);
    });
  }
}
