import { useEffect, useRef, useState } from 'preact/hooks';
import { FieldDefinition, SubmissionDetail } from '../api';
import { ErrorLine } from '../parts';
import { FieldInput } from './field-input';
import { changedValues, Draft, draftOf, valueProblemOf } from './field-values';
import { Change } from './use-submission';

/**
 * The submission's custom fields as inputs (the key's current fields, staff-only ones too). Save sends
 * what changed (PATCH with If-Match: someone else's change in between is offered as usual); the API's
 * refusal shows beside the input it names, which takes focus.
 */
export function FieldsForm({
  detail,
  definitions,
  change,
  onDone,
}: {
  detail: SubmissionDetail;
  definitions: FieldDefinition[];
  change: Change;
  onDone: (saved: boolean) => void;
}) {
  const [before] = useState(() => draftsOf(definitions, detail));
  const [drafts, setDrafts] = useState(before);
  const [problem, setProblem] = useState<{ name: string | null; words: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const first = form.current?.querySelector<HTMLElement>('input, select, textarea');
    first?.focus();
  }, []);
  useEffect(() => {
    if (problem?.name) {
      // A multi_select's choices are a group: its first box takes focus.
      const named = document.getElementById(`value-${problem.name}`);
      (named?.tagName === 'FIELDSET' ? named.querySelector('input') : named)?.focus();
    }
  }, [problem]);

  const save = async (event: Event) => {
    event.preventDefault();
    const fields = changedValues(definitions, before, drafts);
    if (Object.keys(fields).length === 0) {
      onDone(false);
      return;
    }
    setBusy(true);
    setProblem(null);
    const made = await change({ fields }, (message) => setProblem(valueProblemOf(message, definitions)));
    setBusy(false);
    if (made) {
      onDone(true);
    }
  };

  return (
    <form ref={form} class="fields-form" noValidate aria-label="Edit fields" onSubmit={(event) => void save(event)}>
      <div class="inline-form">
        {definitions.map((definition) => (
          <FieldInput
            key={definition.name}
            field={definition}
            draft={drafts[definition.name]}
            problem={problem?.name === definition.name ? problem.words : null}
            onInput={(draft) => setDrafts((current) => ({ ...current, [definition.name]: draft }))}
          />
        ))}
      </div>
      {problem && problem.name === null && <ErrorLine error={problem.words} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Save fields
        </button>
        <button type="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function draftsOf(definitions: FieldDefinition[], detail: SubmissionDetail): Record<string, Draft> {
  const values = new Map(detail.fields.map((field) => [field.name, field.value]));
  return Object.fromEntries(definitions.map((field) => [field.name, draftOf(field, values.get(field.name))]));
}
