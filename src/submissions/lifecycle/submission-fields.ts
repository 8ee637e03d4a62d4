import { randomUUID } from 'node:crypto';
import { FieldDefinition, FieldType } from '../../custom-fields/field-definitions';
import type { FieldSet } from '../../custom-fields/field-set';
import type { FieldValue } from '../../custom-fields/field-values';
import { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';

/** A custom field of a submission as staff, exports and webhooks see it. */
export interface SubmissionFieldView {
  name: string;
  label: string;
  type: FieldType;
  /** Null: no value. */
  value: FieldValue | null;
  /** The field is no longer in the key's list (its value stays). */
  retired: boolean;
}

/** The rows of one field's value (a multi_select has one per choice). */
export function valueRowsOf(
  submissionId: string,
  field: FieldDefinition,
  value: FieldValue,
): SubmissionFieldValueEntity[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item, position) => {
    const text = typeof item === 'string' ? item : String(item);
    // Filter columns only for what is not personal: a personal value is never in clear (see the entity).
    const filterable = !field.personal;
    return {
      // Unique is all a value row's id must be (nothing orders by it): node's pooled UUIDv4 costs a
      // tenth of a UUIDv7, and a submission of 20 fields makes 20 or more.
      id: randomUUID(),
      submissionId,
      name: field.name,
      position,
      valueText: text,
      valueKey:
        filterable && (field.type === 'select' || field.type === 'multi_select' || field.type === 'checkbox')
          ? text
          : null,
      valueNumber: filterable && field.type === 'number' ? (item as number) : null,
      valueDate: filterable && field.type === 'date' ? text : null,
      encKeyId: null,
    };
  });
}

/** Every row of a submission's values. */
export function submissionValueRows(
  submissionId: string,
  fields: FieldSet,
  values: ReadonlyMap<string, FieldValue>,
): SubmissionFieldValueEntity[] {
  const rows: SubmissionFieldValueEntity[] = [];
  for (const [name, value] of values) {
    rows.push(...valueRowsOf(submissionId, fields.field(name)!, value));
  }
  return rows;
}

/** A stored value as the API shows it: back to its type (a row that did not open shows null). */
function valueOf(type: FieldType, rows: readonly SubmissionFieldValueEntity[]): FieldValue | null {
  const texts = rows.map((row) => row.valueText as string | null);
  if (texts.some((text) => text === null)) {
    return null;
  }
  switch (type) {
    case 'multi_select':
      return texts as string[];
    case 'number':
      return Number(texts[0]);
    case 'checkbox':
      return texts[0] === 'true';
    default:
      return texts[0]!;
  }
}

/**
 * A submission's fields as staff see them: every current field of its key in the key's order (null
 * when it has no value), then each retired field it has a value of.
 */
export function fieldViewsOf(fields: FieldSet, rows: readonly SubmissionFieldValueEntity[]): SubmissionFieldView[] {
  const byName = new Map<string, SubmissionFieldValueEntity[]>();
  for (const row of rows) {
    const list = byName.get(row.name);
    if (list) {
      list.push(row);
    } else {
      byName.set(row.name, [row]);
    }
  }
  const views: SubmissionFieldView[] = fields.current.map((field) => {
    const stored = byName.get(field.name);
    return {
      name: field.name,
      label: field.label,
      type: field.type,
      value: stored ? valueOf(field.type, stored) : null,
      retired: false,
    };
  });
  for (const field of fields.retired) {
    const stored = byName.get(field.name);
    if (stored) {
      views.push({
        name: field.name,
        label: field.label,
        type: field.type,
        value: valueOf(field.type, stored),
        retired: true,
      });
    }
  }
  return views;
}
