import { useState } from 'preact/hooks';
import { api, SubmissionDetail } from '../api';
import { describeEvent } from '../events';
import { when } from '../format';

interface NotesProps {
  detail: SubmissionDetail;
  /** Called once a note is added, to reload the submission. */
  onAdded: () => Promise<void>;
  onError: (message: string) => void;
}

/**
 * The staff's notes on the submission, and the form that adds one; on a merged submission, which takes
 * no note (the API answers 409 `Submission is merged`), where notes go instead.
 */
export function Notes({ detail, onAdded, onError }: NotesProps) {
  return (
    <>
      <h3>Notes</h3>
      <ul class="notes">
        {detail.notes.map((entry) => (
          <li key={entry.id}>
            <p>{entry.unreadable ? `Unreadable: ${entry.unreadable}` : entry.body}</p>
            <span class="muted">
              {entry.author.name} · {when(entry.created_at)}
            </span>
          </li>
        ))}
      </ul>
      {detail.status === 'merged' ? (
        <NotesGoToTarget detail={detail} />
      ) : (
        <NoteForm detail={detail} onAdded={onAdded} onError={onError} />
      )}
    </>
  );
}

function NoteForm({ detail, onAdded, onError }: NotesProps) {
  const [note, setNote] = useState('');
  const addNote = async (event: Event) => {
    event.preventDefault();
    try {
      await api(`submissions/${detail.id}/notes`, { method: 'POST', body: { body: note } });
      setNote('');
      await onAdded();
    } catch (caught) {
      onError((caught as Error).message);
    }
  };
  return (
    <form onSubmit={(event) => void addNote(event)} class="note-form">
      <label for="note">Add a note</label>
      <textarea
        id="note"
        rows={3}
        maxLength={10000}
        required
        value={note}
        onInput={(e) => setNote(e.currentTarget.value)}
      />
      <button type="submit">Add note</button>
    </form>
  );
}

/** A merged submission's work goes on in its target: its notes moved there, and new ones belong there. */
function NotesGoToTarget({ detail }: { detail: SubmissionDetail }) {
  const into = detail.merged_into;
  const where = 'the submission this one was merged into; its notes moved there too.';
  return (
    <p class="muted" data-testid="notes-merged">
      {into ? (
        <>
          Notes go to <a href={`#/inbox?open=${into.id}`}>#{into.ref}</a>, {where}
        </>
      ) : (
        `Notes go to ${where}`
      )}
    </p>
  );
}

/** What happened to the submission, oldest first. */
export function Events({ detail }: { detail: SubmissionDetail }) {
  return (
    <>
      <h3>Events</h3>
      <ol class="events">
        {detail.events.map((event) => (
          <li key={event.id}>
            {describeEvent(event, true)} <span class="muted">· {when(event.created_at)}</span>
          </li>
        ))}
        {detail.events.length === 0 && <li class="muted">No changes yet.</li>}
      </ol>
    </>
  );
}
