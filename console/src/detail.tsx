import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, Me, Priority, Ref, SPAM_REASON_TEXT, Status, SubmissionDetail } from './api';
import { describeEvent } from './events';
import { when } from './format';
import { Conversation } from './conversation';
import { ErrorLine, PriorityOptions } from './parts';
import { usePolling } from './use-polling';

/** How often an open submission with a webhook in flight is read again. */
const WEBHOOK_POLL_MS = 2000;

const ACTIONS: { status: Status; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'pending', label: 'Pending' },
  { status: 'closed', label: 'Close' },
  { status: 'spam', label: 'Spam' },
];

export interface DetailHandle {
  setStatus: (status: Status) => void;
  assignToMe: () => void;
  /** Moves focus to the priority select (the `p` shortcut). */
  focusPriority: () => void;
  /** Opens the reply box's canned replies (the `c` shortcut). */
  openCannedReplies: () => void;
  /** Spam -> new ("Not spam"), anything else -> spam. */
  toggleSpam: () => void;
}

/** What a PATCH of the detail may change. */
interface Changes {
  status?: Status;
  assignee_id?: string | null;
  priority?: Priority;
  tags?: string[];
}

/** One submission: every field, actions (with If-Match), deliveries, notes and events. */
export function Detail({
  id,
  me,
  onChanged,
  handle,
}: {
  id: string;
  me: Me;
  onChanged: () => void;
  handle: { current: DetailHandle | null };
}) {
  const [loaded, setDetail] = useState<SubmissionDetail | null>(null);
  // Right after `id` changes the previous submission is still in state for one render: never act on it.
  const detail = loaded?.id === id ? loaded : null;
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [assignable, setAssignable] = useState<Ref[]>([]);
  const [tag, setTag] = useState('');
  const prioritySelect = useRef<HTMLSelectElement>(null);
  const tagInput = useRef<HTMLInputElement>(null);
  const cannedOpener = useRef<(() => void) | null>(null);
  useEffect(() => {
    void api<Ref[]>('staff/assignable').then(setAssignable, () => undefined);
  }, []);

  const load = async () => {
    try {
      setDetail(await api<SubmissionDetail>(`submissions/${id}`));
      setConflict(false);
      setError(null);
    } catch (caught) {
      setError((caught as ApiError).status === 404 ? 'This submission does not exist.' : (caught as Error).message);
    }
  };
  useEffect(() => {
    setDetail(null);
    setNotice(null);
    void load();
  }, [id]);
  // While a webhook or a reply is still on its way, follow it; a conflict or error on screen stays.
  usePolling(() => {
    if (
      detail?.webhooks.some((delivery) => delivery.status === 'pending') ||
      detail?.timeline.some((item) => item.state === 'queued')
    ) {
      void api<SubmissionDetail>(`submissions/${id}`).then(setDetail, () => undefined);
    }
  }, WEBHOOK_POLL_MS);

  // One change at a time, each based on the version (and tags) the one before left: an agent's quick
  // edits (a priority, then a tag) never refuse each other with 412; someone else's change still does.
  const latest = useRef<SubmissionDetail | null>(null);
  latest.current = detail;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** Answers whether the change was made; `body` may be worked out from the submission as it is then. */
  const change = (body: Changes | ((current: SubmissionDetail) => Changes)): Promise<boolean> => {
    const run = queue.current.then(async () => {
      const current = latest.current;
      if (!current) return false;
      try {
        const updated = await api<SubmissionDetail>(`submissions/${id}`, {
          method: 'PATCH',
          body: typeof body === 'function' ? body(current) : body,
          ifMatch: `"${current.version}"`,
        });
        latest.current = updated;
        setDetail(updated);
        setNotice(null);
        setError(null);
        onChanged();
        return true;
      } catch (caught) {
        if ((caught as ApiError).status === 412) {
          setConflict(true);
        } else {
          setError((caught as Error).message);
        }
        return false;
      }
    });
    queue.current = run;
    return run;
  };
  handle.current = {
    setStatus: (status) => void change({ status }),
    assignToMe: () => void change({ assignee_id: me.id }),
    focusPriority: () => prioritySelect.current?.focus(),
    openCannedReplies: () => cannedOpener.current?.(),
    toggleSpam: () => void change((current) => ({ status: current.status === 'spam' ? 'new' : 'spam' })),
  };
  const addTag = async () => {
    const added = tag;
    if (added.trim() === '') return;
    if (await change((current) => ({ tags: [...current.tags, added] }))) {
      setTag((draft) => (draft === added ? '' : draft));
    }
  };
  const removeTag = async (removed: string) => {
    if (await change((current) => ({ tags: current.tags.filter((label) => label !== removed) }))) {
      setNotice(`Tag “${removed}” removed.`);
      tagInput.current?.focus();
    }
  };

  const addNote = async (event: Event) => {
    event.preventDefault();
    try {
      await api(`submissions/${id}/notes`, { method: 'POST', body: { body: note } });
      setNote('');
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const replay = async (deliveryId: string) => {
    try {
      await api(`deliveries/${deliveryId}/replay`, { method: 'POST' });
      setNotice('Webhook sent again.');
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const redeliver = async () => {
    await api(`submissions/${id}/redeliver`, { method: 'POST' });
    setNotice('Queued for delivery again.');
    await load();
  };

  if (error && !detail) {
    return (
      <section class="detail" aria-label="Submission">
        <p class="error" role="alert">
          {error}
        </p>
      </section>
    );
  }
  if (!detail) {
    return (
      <section class="detail" aria-label="Submission" aria-busy="true">
        <p class="muted">Loading…</p>
      </section>
    );
  }
  return (
    <section class="detail" aria-labelledby="detail-title">
      <header class="detail-head">
        <h2 id="detail-title">{detail.name || (detail.unreadable ? 'Unreadable submission' : '')}</h2>
        <span class={`badge status-${detail.status}`}>{detail.status}</span>
        <span class="badge mono" title="Reference in every e-mail">
          #{detail.ref}
        </span>
      </header>
      {conflict && (
        <div class="conflict" role="alert">
          Changed by someone else: reload to see their change.{' '}
          <button type="button" onClick={() => void load()}>
            Reload
          </button>
        </div>
      )}
      <ErrorLine error={error} />
      {detail.unreadable && (
        <p class="error" role="status">
          Unreadable: {detail.unreadable}
        </p>
      )}
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {detail.spam_reasons.length > 0 && (
        <p class="notice" data-testid="spam-reasons">
          Flagged as spam: {detail.spam_reasons.map((reason) => SPAM_REASON_TEXT[reason]).join('; ')}. Held back from
          staff channels and webhooks until marked “Not spam”.
        </p>
      )}
      <div class="actions" role="group" aria-label="Workflow">
        {detail.status === 'spam' && (
          <button type="button" onClick={() => void change({ status: 'new' })}>
            Not spam
          </button>
        )}
        {ACTIONS.map((action) => (
          <button
            type="button"
            key={action.status}
            disabled={detail.status === action.status}
            onClick={() => void change({ status: action.status })}
          >
            {action.label}
          </button>
        ))}
        <button
          type="button"
          disabled={detail.assignee?.id === me.id}
          onClick={() => void change({ assignee_id: me.id })}
        >
          Assign to me
        </button>
        {detail.assignee && (
          <button type="button" onClick={() => void change({ assignee_id: null })}>
            Unassign
          </button>
        )}
        <label class="inline">
          Assign to
          <select
            value={detail.assignee?.id ?? ''}
            onChange={(e) => void change({ assignee_id: e.currentTarget.value || null })}
          >
            <option value="">nobody</option>
            {assignable.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="triage" role="group" aria-label="Priority and tags">
        <label class="inline">
          Priority
          <select
            ref={prioritySelect}
            class={`priority-${detail.priority}`}
            value={detail.priority}
            onChange={(e) => void change({ priority: e.currentTarget.value as Priority })}
          >
            <PriorityOptions />
          </select>
        </label>
        {detail.tags.length > 0 && (
          <ul class="tag-list" aria-label="Tags">
            {detail.tags.map((label) => (
              <li key={label} class="badge tag">
                {label}
                <button
                  type="button"
                  class="tag-remove"
                  aria-label={`Remove tag ${label}`}
                  onClick={() => void removeTag(label)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <label class="inline">
          Add a tag
          <input
            ref={tagInput}
            maxLength={40}
            value={tag}
            placeholder="Enter adds it"
            onInput={(e) => setTag(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void addTag();
              }
            }}
          />
        </label>
      </div>
      <dl class="fields">
        <dt>E-mail</dt>
        <dd>{detail.email ?? '—'}</dd>
        <dt>Phone</dt>
        <dd>{detail.phone ?? '—'}</dd>
        <dt>Business</dt>
        <dd>{detail.business ?? '—'}</dd>
        <dt>Received</dt>
        <dd>{when(detail.created_at)}</dd>
        <dt>API key</dt>
        <dd>{detail.api_key.name}</dd>
        <dt>Assignee</dt>
        <dd>{detail.assignee?.name ?? 'nobody'}</dd>
        <dt>Closed</dt>
        <dd>{when(detail.closed_at)}</dd>
        <dt>Client</dt>
        <dd>
          {detail.client_ip}
          {detail.user_agent ? ` · ${detail.user_agent}` : ''}
        </dd>
        <dt>Id</dt>
        <dd class="mono">{detail.id}</dd>
      </dl>
      <h3>Message</h3>
      {/* Text nodes only: a message is never parsed as HTML. */}
      <p class="message" data-testid="message">
        {detail.message ?? '—'}
      </p>

      <Conversation
        detail={detail}
        me={me}
        onChanged={load}
        onConflict={() => setConflict(true)}
        cannedOpener={cannedOpener}
      />

      {detail.history.length > 0 && (
        <>
          <h3 id="history-title">Earlier requests from this address</h3>
          <ul class="timeline" aria-labelledby="history-title">
            {detail.history.map((item) => (
              <li key={item.id}>
                <a href={`#/inbox?open=${item.id}`}>#{item.ref}</a>{' '}
                <span class={`badge status-${item.status}`}>{item.status}</span> · {when(item.created_at)}
              </li>
            ))}
          </ul>
        </>
      )}

      <h3>Delivery</h3>
      <p class="muted">
        State <strong>{detail.delivery_state}</strong>, {detail.attempts} attempt{detail.attempts === 1 ? '' : 's'}
        {detail.last_error ? ` · last error: ${detail.last_error}` : ''}
      </p>
      <ul class="timeline">
        {detail.deliveries.map((delivery) => (
          <li key={delivery.channel}>
            <strong>{delivery.channel}</strong>: {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'},{' '}
            {delivery.delivered_at ? `delivered ${when(delivery.delivered_at)}` : 'not delivered'}
            {delivery.last_error && <span class="error-text"> · {delivery.last_error}</span>}
          </li>
        ))}
        {detail.deliveries.length === 0 && <li class="muted">No delivery attempt yet.</li>}
      </ul>
      <button type="button" onClick={() => void redeliver()}>
        Redeliver
      </button>

      <h3>Webhooks</h3>
      <ul class="timeline" data-testid="webhooks">
        {detail.webhooks.map((delivery) => (
          <li key={delivery.id}>
            <strong>{delivery.destination_id === 'config' ? 'STAFF_WEBHOOK_URL' : delivery.destination_id}</strong>{' '}
            <span class="muted">{delivery.event}</span>: <strong>{delivery.status}</strong>, {delivery.attempts} attempt
            {delivery.attempts === 1 ? '' : 's'}
            <ol class="attempts">
              {delivery.attempt_log.map((attempt) => (
                <li key={attempt.attempted_at}>
                  {when(attempt.attempted_at)} · {attempt.status_code ?? 'no answer'} · {attempt.duration_ms} ms
                  {attempt.error && <span class="error-text"> · {attempt.error}</span>}
                </li>
              ))}
            </ol>
            {delivery.status !== 'pending' && (
              <button
                type="button"
                aria-label={`Replay webhook ${delivery.id}`}
                onClick={() => void replay(delivery.id)}
              >
                Replay
              </button>
            )}
          </li>
        ))}
        {detail.webhooks.length === 0 && <li class="muted">No webhook destination took this submission.</li>}
      </ul>

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
      <form onSubmit={addNote} class="note-form">
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

      <h3>Events</h3>
      <ol class="events">
        {detail.events.map((event) => (
          <li key={event.id}>
            {describeEvent(event, true)} <span class="muted">· {when(event.created_at)}</span>
          </li>
        ))}
        {detail.events.length === 0 && <li class="muted">No changes yet.</li>}
      </ol>
    </section>
  );
}
