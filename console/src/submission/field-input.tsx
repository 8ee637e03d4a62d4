import { FieldDefinition } from '../api';
import { Control, describedBy, Problem } from '../parts';
import { Draft } from './field-values';

const INPUT_TYPES: Partial<Record<FieldDefinition['type'], string>> = {
  text: 'text',
  number: 'number',
  date: 'date',
  email: 'email',
  url: 'url',
  phone: 'tel',
};

/**
 * The input of one custom field by its type (a select's options, a box per choice of a multi_select,
 * a checkbox), with its help and what the API said about the value beside it. The form does not
 * validate: the API decides, and `problem` carries its words.
 */
export function FieldInput({
  field,
  draft,
  problem,
  onInput,
}: {
  field: FieldDefinition;
  draft: Draft;
  problem: string | null;
  onInput: (draft: Draft) => void;
}) {
  const id = `value-${field.name}`;
  const hintId = `${id}-hint`;
  const hint = [field.help, field.staff_only ? 'Staff only: never shown to the requester.' : null]
    .filter(Boolean)
    .join(' ');
  const hints = hint ? [hintId] : [];
  const label = field.required ? `${field.label} (required)` : field.label;
  const help = hint ? (
    <span id={hintId} class="muted small">
      {hint}
    </span>
  ) : null;

  if (field.type === 'multi_select') {
    const chosen = draft as string[];
    return (
      <fieldset
        id={id}
        class="control choices"
        aria-describedby={[...(problem ? [`${id}-problem`] : []), ...hints].join(' ') || undefined}
      >
        <legend>{label}</legend>
        {(field.options ?? []).map((option) => (
          <label class="check" key={option}>
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(e) =>
                onInput(e.currentTarget.checked ? [...chosen, option] : chosen.filter((one) => one !== option))
              }
            />
            {option}
          </label>
        ))}
        {help}
        <Problem id={id} text={problem} />
      </fieldset>
    );
  }
  if (field.type === 'checkbox') {
    return (
      <div class="control">
        <label class="check">
          <input
            id={id}
            type="checkbox"
            checked={draft as boolean}
            {...describedBy(id, problem, ...hints)}
            onChange={(e) => onInput(e.currentTarget.checked)}
          />
          {label}
        </label>
        {help}
        <Problem id={id} text={problem} />
      </div>
    );
  }
  const common = {
    id,
    value: draft as string,
    ...describedBy(id, problem, ...hints),
    onInput: (e: { currentTarget: { value: string } }) => onInput(e.currentTarget.value),
  };
  return (
    <Control id={id} label={label} problem={problem} wide={field.type === 'long_text' || field.type === 'text'}>
      {field.type === 'select' ? (
        <select {...common} onChange={common.onInput}>
          <option value="">—</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.type === 'long_text' ? (
        <textarea {...common} rows={3} maxLength={field.max_length ?? undefined} />
      ) : (
        <input
          {...common}
          // Preact's types take one `type` literal at a time; any of these takes the attributes below.
          type={(INPUT_TYPES[field.type] ?? 'text') as 'text'}
          step={field.type === 'number' ? 'any' : undefined}
          maxLength={field.type === 'text' ? (field.max_length ?? undefined) : undefined}
        />
      )}
      {help}
    </Control>
  );
}
