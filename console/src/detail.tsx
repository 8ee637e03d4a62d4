import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, Me, Priority, Ref, SPAM_REASON_TEXT, Status, SubmissionDetail } from './api';
import { describeEvent } from './events';
import { when } from './format';
import { Conversation } from './conversation';
import { useLiveConnected, useLiveEvents } from './live';
import { ErrorLine, PriorityOptions } from './parts';
import { usePolling } from './use-polling';
import { viewingSentence, whatIsNew } from './what-is-new';

/** How often an open submission with a webhook in flight is read again. */
const WEBHOOK_POLL_MS = 2000;
/** How often an open submission is read again for others' changes while the event stream is down. */
const NEWS_POLL_MS = 10_000;
/** How often an open submission says it is still open (the server lets "viewing" lapse after 45 s). */
const PRESENCE_MS = 20_000;

/** A newer version than the one on screen, and what someone else changed in it. */
interface Newer {
  news: string[];
  /** True when one of this page's own writes was refused for it (412): the write was not saved. */
  refused: boolean;
}

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
  /** Shows the newer version someone else made (the `u` shortcut). */
  showNew: () => void;
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

/**
 * One submission: every field, actions (with If-Match), deliveries, notes and events. It follows the
 * event stream: someone else's change is offered ("Updated by someone else", with what is new), a
 * customer's message is shown at once, and who else has it open is said ("Grace is viewing").
 */
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
  const [newer, setNewer] = useState<Newer | null>(null);
  const [viewers, setViewers] = useState<Ref[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The version on screen for handlers that run between renders, and this page's writes in flight
  // (an event about one of them must not read as someone else's change).
  const shown = useRef<SubmissionDetail | null>(null);
  const writing = useRef(0);
  const recheck = useRef(false);
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

  const show = (next: SubmissionDetail) => {
    shown.current = next;
    setDetail(next);
    setNewer(null);
  };
  const load = async () => {
    try {
      show(await api<SubmissionDetail>(`submissions/${id}`));
      setError(null);
    } catch (caught) {
      setError((caught as ApiError).status === 404 ? 'This submission does not exist.' : (caught as Error).message);
    }
  };
  useEffect(() => {
    shown.current = null;
    setDetail(null);
    setNotice(null);
    setNewer(null);
    void load();
  }, [id]);

  /**
   * Reads the latest version: shown at once when nothing in it is someone else's doing (a reply's
   * state, one's own note), otherwise offered with what is new. `refused`: a write of this page was
   * just refused with 412, so the offer says it was not saved.
   */
  const checkForNews = async (refused: boolean) => {
    const latest = await api<SubmissionDetail>(`submissions/${id}`).catch(() => null);
    const current = shown.current;
    if (!latest || !current || latest.id !== current.id) return;
    const news = whatIsNew(current, latest, me);
    if (news.length === 0 && !refused) {
      show(latest);
    } else {
      setNewer({ news, refused });
    }
  };
  // While a webhook or a reply is still on its way, follow it.
  usePolling(() => {
    if (
      detail?.webhooks.some((delivery) => delivery.status === 'pending') ||
      detail?.timeline.some((item) => item.state === 'queued')
    ) {
      void checkForNews(false);
    }
  }, WEBHOOK_POLL_MS);

  // Without the stream, someone else's change is looked for now and then instead.
  const live = useLiveConnected();
  usePolling(() => void (!live && shown.current && checkForNews(false)), NEWS_POLL_MS);

  useLiveEvents((event) => {
    const current = shown.current;
    if (event.id !== id || !current) {
      return;
    }
    if (event.type === 'presence') {
      void api<{ viewers: Ref[] }>(`submissions/${id}/viewing`).then(
        ({ viewers }) => setViewers(viewers),
        () => undefined,
      );
    } else if (writing.current > 0) {
      recheck.current = true;
    } else if (event.type === 'submission.message_received') {
      // The customer wrote: shown at once (a reply is then based on it, never on what was before).
      void load().then(() => setNotice('New message from the customer.'));
    } else if (event.version === undefined || event.version > current.version) {
      void checkForNews(false);
    }
  });

  // "I have it open": now, every PRESENCE_MS while the tab is visible, and "left" on closing it.
  const announce = (viewing: boolean) =>
    api<{ viewers: Ref[] }>(`submissions/${id}/viewing`, { method: 'POST', body: { viewing }, keepalive: !viewing });
  useEffect(() => {
    setViewers([]);
    void announce(true).then(
      ({ viewers }) => setViewers(viewers),
      () => undefined,
    );
    const leave = () => void announce(false).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [id]);
  usePolling(
    () =>
      void announce(true).then(
        ({ viewers }) => setViewers(viewers),
        () => undefined,
      ),
    PRESENCE_MS,
  );

  /** One of this page's writes: an event it causes is looked at once it is done. */
  const write = async (work: () => Promise<void>) => {
    writing.current++;
    try {
      await work();
    } finally {
      writing.current--;
      if (writing.current === 0 && recheck.current) {
        recheck.current = false;
        void checkForNews(false);
      }
    }
  };

  // One change at a time, each based on the version (and tags) the one before left: an agent's quick
  // edits (a priority, then a tag) never refuse each other with 412; someone else's change still does,
  // and then the page offers what is new.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** Answers whether the change was made; `body` may be worked out from the submission as it is then. */
  const change = (body: Changes | ((current: SubmissionDetail) => Changes)): Promise<boolean> => {
    const run = queue.current.then(async () => {
      let made = false;
      await write(async () => {
        const current = shown.current;
        if (!current) return;
        try {
          show(
            await api<SubmissionDetail>(`submissions/${id}`, {
              method: 'PATCH',
              body: typeof body === 'function' ? body(current) : body,
              ifMatch: `"${current.version}"`,
            }),
          );
          made = true;
          setNotice(null);
          setError(null);
          onChanged();
        } catch (caught) {
          if ((caught as ApiError).status === 412) {
            await checkForNews(true);
          } else {
            setError((caught as Error).message);
          }
        }
      });
      return made;
    });
    queue.current = run;
    return run;
  };
  handle.current = {
    setStatus: (status) => void change({ status }),
    assignToMe: () => void change({ assignee_id: me.id }),
    showNew: () => void (newer && load()),
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
      {viewers.length > 0 && (
        <p class="viewers" role="status">
          {viewingSentence(viewers)}
        </p>
      )}
      {newer && (
        <div class="conflict" role={newer.refused ? 'alert' : 'status'}>
          {newer.refused ? 'Changed by someone else: yours was not saved.' : 'Updated by someone else.'}
          {newer.news.length > 0 && ` New: ${newer.news.join('; ')}.`}{' '}
          <button type="button" aria-keyshortcuts="u" onClick={() => void load()}>
            Show what is new
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
        onConflict={() => void checkForNews(true)}
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
