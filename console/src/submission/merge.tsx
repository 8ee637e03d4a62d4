import { useState } from 'preact/hooks';
import { api, ApiError, SubmissionDetail } from '../api';
import { ErrorLine } from '../parts';
import { useAction } from '../use-action';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The target typed as a reference (`#7K2M9QXD` or without the #) or an id: a reference is looked up
 * among this person's other submissions (the detail's history), which is where duplicates are; any
 * other submission is named by its id. Null when it names none of them.
 */
export function targetOf(typed: string, detail: SubmissionDetail): string | null {
  const text = typed.trim().replace(/^#/, '');
  if (UUID.test(text)) {
    return text.toLowerCase();
  }
  return detail.history.find((item) => item.ref.toLowerCase() === text.toLowerCase())?.id ?? null;
}

/** Both sides of a merge, as links: "Merged into #REF" on the source, "Merged here: #A, #B" on the target. */
export function MergeLinks({ detail }: { detail: SubmissionDetail }) {
  return (
    <>
      {detail.merged_into && (
        <p class="notice merge-links" data-testid="merged-into">
          Merged into <a href={`#/inbox?open=${detail.merged_into.id}`}>#{detail.merged_into.ref}</a>: its conversation,
          notes, tags and files are there, and mail to this one arrives there.
        </p>
      )}
      {detail.merged_from.length > 0 && (
        <p class="notice merge-links" data-testid="merged-from">
          Merged here:{' '}
          {detail.merged_from.map((link) => (
            <a key={link.id} href={`#/inbox?open=${link.id}`}>
              #{link.ref}
            </a>
          ))}
        </p>
      )}
    </>
  );
}

/** "Merge into…": asks for the target and merges this submission into it (the API decides what may). */
export function MergeInto({ detail, onMerged }: { detail: SubmissionDetail; onMerged: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { error, setError, busy, run } = useAction((caught) =>
    caught instanceof ApiError ? caught.message : 'The merge did not reach the service; try again.',
  );
  if (detail.status === 'merged' || detail.status === 'spam') {
    return null;
  }
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Merge into…
      </button>
    );
  }
  return (
    <form
      class="merge-form"
      aria-label="Merge"
      onSubmit={(event) => {
        event.preventDefault();
        const into = targetOf(typed, detail);
        if (!into) {
          setError("No such submission: type its id, or the reference of one of this person's others.");
          return;
        }
        void run(async () => {
          await api(`submissions/${detail.id}/merge`, { method: 'POST', body: { into } });
          setOpen(false);
          setTyped('');
          await onMerged();
        });
      }}
    >
      <label class="inline">
        Target reference or id
        <input
          list="merge-targets"
          value={typed}
          placeholder="#7K2M9QXD"
          onInput={(event) => setTyped(event.currentTarget.value)}
        />
      </label>
      <datalist id="merge-targets">
        {detail.history.map((item) => (
          <option key={item.id} value={`#${item.ref}`} />
        ))}
      </datalist>
      <button type="submit" disabled={busy || typed.trim() === ''}>
        Merge
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      <ErrorLine error={error} />
    </form>
  );
}
