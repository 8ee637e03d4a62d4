import { FieldType } from '../api';
import { Control, describedBy, Problem } from '../parts';
import { FieldDraft, hasMaxLength, hasOptions, Member, nameFrom, TYPES, withType } from './field-model';

/** The id of a draft's input for `member` (a refused Save focuses it). */
export const inputId = (draft: FieldDraft, member: Member | 'required' | 'staff_only') => `f${draft.id}-${member}`;

/**
 * One field of the key's list: label, name, type, the inputs its type takes (options, max length,
 * smallest and largest), help, and whether it is required, personal or set by staff only. A saved
 * field keeps its name, type and `personal` (the inputs say so); the API's refusal of a Save shows
 * beside the input it names (`problem`, when `member` is this item's).
 */
export function FieldEditor({
  draft,
  number,
  last,
  problem,
  onChange,
  onMove,
  onRemove,
}: {
  draft: FieldDraft;
  number: number;
  last: boolean;
  problem: { member: Member | null; words: string } | null;
  onChange: (next: (draft: FieldDraft) => FieldDraft) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const set = (changes: Partial<FieldDraft>) => onChange((current) => ({ ...current, ...changes }));
  const about = (member: Member) => (problem?.member === member ? problem.words : null);
  const id = (member: Member) => inputId(draft, member);
  const title = draft.label.trim() || `field ${number}`;
  const personalHint = `${inputId(draft, 'personal')}-hint`;
  /** A one-line input of `member`, holding the draft's `key` as typed. */
  const textInput = (
    member: Member,
    label: string,
    key: 'maxLength' | 'min' | 'max' | 'help',
    attributes: { inputMode?: 'numeric' | 'decimal'; placeholder?: string; maxLength?: number; wide?: boolean },
  ) => (
    <Control id={id(member)} label={label} problem={about(member)} wide={attributes.wide}>
      <input
        id={id(member)}
        inputMode={attributes.inputMode}
        placeholder={attributes.placeholder}
        maxLength={attributes.maxLength}
        value={draft[key]}
        {...describedBy(id(member), about(member))}
        onInput={(e) => set({ [key]: e.currentTarget.value })}
      />
    </Control>
  );
  return (
    <fieldset class="field-editor">
      <legend>
        Field {number}
        {draft.label.trim() ? `: ${draft.label.trim()}` : ''}
      </legend>
      {problem && problem.member === null && (
        <p class="error-text" role="alert">
          {problem.words}
        </p>
      )}
      <div class="inline-form">
        <Control id={id('label')} label="Label" problem={about('label')} wide>
          <input
            id={id('label')}
            maxLength={100}
            value={draft.label}
            {...describedBy(id('label'), about('label'))}
            onInput={(e) => {
              const label = e.currentTarget.value;
              // A new field's name follows its label until the name is typed.
              onChange((current) =>
                !current.saved && current.name === nameFrom(current.label)
                  ? { ...current, label, name: nameFrom(label) }
                  : { ...current, label },
              );
            }}
          />
        </Control>
        <Control id={id('name')} label="Name (in the API)" problem={about('name')}>
          <input
            id={id('name')}
            class="mono"
            maxLength={40}
            value={draft.name}
            readOnly={draft.saved}
            {...describedBy(id('name'), about('name'), ...(draft.saved ? [`${id('name')}-hint`] : []))}
            onInput={(e) => set({ name: e.currentTarget.value })}
          />
          {draft.saved && (
            <span id={`${id('name')}-hint`} class="muted small">
              Kept once saved
            </span>
          )}
        </Control>
        <Control id={id('type')} label="Type" problem={about('type')}>
          <select
            id={id('type')}
            value={draft.type}
            disabled={draft.saved}
            {...describedBy(id('type'), about('type'))}
            onChange={(e) => onChange((current) => withType(current, e.currentTarget.value as FieldType))}
          >
            {Object.entries(TYPES).map(([type, words]) => (
              <option key={type} value={type}>
                {words}
              </option>
            ))}
          </select>
        </Control>
      </div>
      <div class="inline-form">
        {hasOptions(draft.type) && (
          <Control id={id('options')} label="Options, one per line" problem={about('options')} wide>
            <textarea
              id={id('options')}
              rows={Math.min(8, Math.max(3, draft.options.split('\n').length))}
              value={draft.options}
              {...describedBy(id('options'), about('options'))}
              onInput={(e) => set({ options: e.currentTarget.value })}
            />
          </Control>
        )}
        {hasMaxLength(draft.type) &&
          textInput('max_length', 'Longest (characters)', 'maxLength', {
            inputMode: 'numeric',
            placeholder: draft.type === 'text' ? '1000' : '10000',
          })}
        {draft.type === 'number' && textInput('min', 'Smallest', 'min', { inputMode: 'decimal' })}
        {draft.type === 'number' && textInput('max', 'Largest', 'max', { inputMode: 'decimal' })}
        {textInput('help', 'Help (shown with the field)', 'help', { maxLength: 500, wide: true })}
      </div>
      <div class="field-checks">
        <label class="check">
          <input
            type="checkbox"
            checked={draft.required}
            onChange={(e) => set({ required: e.currentTarget.checked })}
          />
          Required
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.staffOnly}
            onChange={(e) => set({ staffOnly: e.currentTarget.checked })}
          />
          Staff only (set by staff, never shown to the requester)
        </label>
        <div class="control">
          <label class="check">
            <input
              type="checkbox"
              id={id('personal')}
              checked={draft.personal}
              disabled={draft.saved}
              {...describedBy(id('personal'), about('personal'), personalHint)}
              onChange={(e) => set({ personal: e.currentTarget.checked })}
            />
            Personal
          </label>
          <span id={personalHint} class="muted small">
            {draft.saved
              ? 'Fixed once saved: its stored values were kept sealed or not under this choice.'
              : 'Sealed with encryption at rest, erased and exported with the submission; never a filter.'}
          </span>
          <Problem id={id('personal')} text={about('personal')} />
        </div>
      </div>
      <div class="actions">
        <button type="button" disabled={number === 1} aria-label={`Move ${title} up`} onClick={() => onMove(-1)}>
          Move up
        </button>
        <button type="button" disabled={last} aria-label={`Move ${title} down`} onClick={() => onMove(1)}>
          Move down
        </button>
        <button type="button" class="danger" aria-label={`Remove ${title}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}
