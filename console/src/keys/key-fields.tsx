import { useEffect } from 'preact/hooks';
import { ErrorLine } from '../parts';
import { FieldEditor, inputId } from './field-editor';
import { useKeyFields } from './use-key-fields';
import './keys.css';

/**
 * A key's custom fields (admins): the list in order, each with its inputs, added, moved and removed
 * here and saved at once (the whole list, a new version). Removing a saved field retires it: its stored
 * values stay, shown as retired. The API decides what is valid; its refusal shows beside the input it
 * names, and focus goes there.
 */
export function KeyFields({ keyId }: { keyId: string }) {
  const fields = useKeyFields(keyId);
  const { keyName, saved, drafts, problem } = fields;

  useEffect(() => {
    const named = problem && drafts.find((draft) => draft.id === problem.draftId);
    if (named && problem.member) {
      document.getElementById(inputId(named, problem.member))?.focus();
    }
  }, [problem]);

  const heading = keyName ? `Fields of “${keyName}”` : 'Fields';
  return (
    <main class="page" aria-labelledby="key-fields-title">
      <p class="muted">
        <a href="#/keys">API keys</a> › {keyName ?? 'Key'} › Fields
      </p>
      <h1 id="key-fields-title">{heading}</h1>
      <p class="muted">
        The questions this key's submissions answer beside the built-in ones, in this order. Clients send them in{' '}
        <code>fields</code>; staff see and edit them on each submission.
      </p>
      <ErrorLine error={fields.loadError} />
      {saved && (
        <form
          class="key-fields"
          noValidate
          aria-label={heading}
          onSubmit={(event) => {
            event.preventDefault();
            void fields.save();
          }}
        >
          {drafts.length === 0 && <p class="muted">No fields: clients send only the built-in ones.</p>}
          {drafts.map((draft, index) => (
            <FieldEditor
              key={draft.id}
              draft={draft}
              number={index + 1}
              last={index === drafts.length - 1}
              problem={problem && problem.draftId === draft.id ? problem : null}
              onChange={(next) => fields.change(draft.id, next)}
              onMove={(step) => fields.move(draft.id, step)}
              onRemove={() => fields.remove(draft)}
            />
          ))}
          <p class="actions">
            <button type="button" onClick={fields.add}>
              Add a field
            </button>
          </p>
          {fields.retiring.length > 0 && (
            <section class="retiring" aria-labelledby="retiring-title">
              <h2 id="retiring-title">Retired when you save</h2>
              <p class="muted">
                New submissions may not send them; the values already stored stay, shown and exported as retired.
              </p>
              <ul>
                {fields.retiring.map((draft) => (
                  <li key={draft.id}>
                    {draft.label} <span class="mono">({draft.name})</span>{' '}
                    <button
                      type="button"
                      class="link"
                      aria-label={`Keep ${draft.label}`}
                      onClick={() => fields.keep(draft)}
                    >
                      Keep
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {problem && problem.draftId === null && <ErrorLine error={problem.words} />}
          {problem && problem.draftId !== null && (
            <p class="error" role="alert">
              Not saved: see field {drafts.findIndex((draft) => draft.id === problem.draftId) + 1}.
            </p>
          )}
          {fields.notice && (
            <p class="notice" role="status">
              {fields.notice}
            </p>
          )}
          <p class="actions">
            <button type="submit" class="primary" disabled={fields.busy}>
              Save fields
            </button>
            <span class="muted">
              {fields.unsaved ? 'Unsaved changes.' : saved.version === 0 ? 'Never saved.' : `Version ${saved.version}.`}
            </span>
          </p>
        </form>
      )}
    </main>
  );
}
