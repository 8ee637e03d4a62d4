import { useState } from 'preact/hooks';
import { api, SubmissionDetail } from '../api';
import { describeEvent } from '../events';
import { when } from '../format';

/** The staff's notes on the submission, and the form that adds one. */
export function Notes({
  detail,
  onAdded,
  onError,
}: {
  detail: SubmissionDetail;
  onAdded: () => Promise<void>;
  onError: (message: string) => void;
}) {
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
    </>
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
