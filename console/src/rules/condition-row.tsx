import { Ref } from '../api';
import {
  choicesOf,
  ConditionDraft,
  ConditionField,
  ConditionOp,
  customFieldOf,
  fieldLabel,
  FIELDS,
  keysOf,
  opLabel,
  opsFor,
} from './rule-model';

/**
 * One condition of a rule: field, comparison and value. "Is any of" takes a list: a box per choice for
 * fields with fixed values (priority, status, API key), one value per line for the others. A condition on
 * a custom field (written through the API) keeps its field, and its value's type, when edited here.
 */
export function ConditionRow({
  number,
  condition,
  apiKeys,
  onChange,
  onRemove,
}: {
  number: number;
  condition: ConditionDraft;
  apiKeys: Ref[];
  onChange: (condition: ConditionDraft) => void;
  onRemove: () => void;
}) {
  const choices = choicesOf(condition.field, apiKeys);
  const set = (changes: Partial<ConditionDraft>) => onChange({ ...condition, ...changes });
  const legend = `Condition ${number}`;
  const fields = customFieldOf(condition.field) === null ? keysOf(FIELDS) : [...keysOf(FIELDS), condition.field];
  return (
    <fieldset class="rule-row">
      <legend>{legend}</legend>
      <label>
        Field
        <select
          value={condition.field}
          onChange={(e) => {
            const field: ConditionField = e.currentTarget.value;
            const op = opsFor(field).includes(condition.op) ? condition.op : 'is';
            set({ field, op, value: '', values: [], kind: 'text' });
          }}
        >
          {fields.map((field) => (
            <option key={field} value={field}>
              {fieldLabel(field)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Comparison
        <select value={condition.op} onChange={(e) => set({ op: e.currentTarget.value as ConditionOp })}>
          {opsFor(condition.field).map((op) => (
            <option key={op} value={op}>
              {opLabel(condition.field, op)}
            </option>
          ))}
        </select>
      </label>
      {condition.op === 'matches_any_of' && choices ? (
        <fieldset class="choices">
          <legend>Values</legend>
          {choices.map((choice) => (
            <label class="check" key={choice.value}>
              <input
                type="checkbox"
                checked={condition.values.includes(choice.value)}
                onChange={(e) =>
                  set({
                    values: e.currentTarget.checked
                      ? [...condition.values, choice.value]
                      : condition.values.filter((value) => value !== choice.value),
                  })
                }
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ) : condition.op === 'matches_any_of' ? (
        <label class="grow">
          Values, one per line
          <textarea
            rows={3}
            required
            value={condition.values.join('\n')}
            onInput={(e) => set({ values: e.currentTarget.value.split('\n') })}
          />
        </label>
      ) : choices ? (
        <label>
          Value
          <select required value={condition.value} onChange={(e) => set({ value: e.currentTarget.value })}>
            <option value="" disabled>
              Choose…
            </option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label class="grow">
          Value
          <input required value={condition.value} onInput={(e) => set({ value: e.currentTarget.value })} />
        </label>
      )}
      <button type="button" class="link" aria-label={`Remove condition ${number}`} onClick={onRemove}>
        Remove
      </button>
    </fieldset>
  );
}
