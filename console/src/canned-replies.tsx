import { useEffect, useRef, useState } from 'preact/hooks';
import { api, CannedReply, Me } from './api';
import { when } from './format';
import { ErrorLine } from './parts';

/** What the placeholders of a canned reply stand for where it is inserted. */
export interface PlaceholderValues {
  /** The requester's name. */
  name: string;
  /** The submission's reference. */
  ref: string;
  /** The signed-in staff member's name. */
  agent: string;
}

const PLACEHOLDER = /\{\{\s*(name|ref|agent)\s*\}\}/g;

/**
 * A canned reply's text with `{{name}}`, `{{ref}}` and `{{agent}}` filled (spaces inside the braces
 * allowed, as the acknowledgements allow them); any other `{{...}}` stays as written. One pass, so a
 * name that itself reads `{{ref}}` stays as the person wrote it.
 */
export function fillPlaceholders(body: string, values: PlaceholderValues): string {
  return body.replace(PLACEHOLDER, (_match, name: keyof PlaceholderValues) => values[name]);
}

/**
 * The reply box's "Insert canned reply" menu: a search box over the titles (a combobox with its
 * listbox), ↑/↓ to choose, Enter or a click to insert, Esc to close. The list is read each time the
 * menu opens, so a reply a colleague just added is there. `opener` lets the page's `c` shortcut open it.
 */
export function CannedReplyPicker({
  values,
  onInsert,
  onClose,
  opener,
}: {
  values: PlaceholderValues;
  onInsert: (text: string) => void;
  onClose: () => void;
  opener: { current: (() => void) | null };
}) {
  const [open, setOpen] = useState(false);
  const [replies, setReplies] = useState<CannedReply[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const search = useRef<HTMLInputElement>(null);

  const show = () => {
    setOpen(true);
    setQuery('');
    setActive(0);
    setReplies(null);
    api<CannedReply[]>('canned-replies').then(
      (all) => {
        setReplies(all);
        setError(null);
      },
      (caught: Error) => setError(caught.message),
    );
  };
  opener.current = show;
  useEffect(() => {
    if (open) {
      search.current?.focus();
    }
  }, [open]);

  const close = () => {
    setOpen(false);
    onClose();
  };
  const words = query.trim().toLowerCase();
  const matching = (replies ?? []).filter((reply) => reply.title.toLowerCase().includes(words));
  const insert = (reply: CannedReply | undefined) => {
    if (!reply) {
      return;
    }
    setOpen(false);
    onInsert(fillPlaceholders(reply.body, values));
  };

  return (
    <div class="canned">
      <button type="button" aria-expanded={open} aria-controls="canned-menu" onClick={() => (open ? close() : show())}>
        Insert canned reply
      </button>
      {open && (
        <div id="canned-menu" class="canned-menu" role="group" aria-label="Insert canned reply">
          <input
            ref={search}
            type="text"
            role="combobox"
            aria-label="Find a canned reply"
            aria-expanded="true"
            aria-controls="canned-options"
            aria-autocomplete="list"
            aria-activedescendant={matching[active] ? `canned-option-${matching[active].id}` : undefined}
            placeholder="Find a canned reply"
            value={query}
            onInput={(e) => {
              setQuery(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                const step = e.key === 'ArrowDown' ? 1 : -1;
                setActive((current) => Math.min(Math.max(0, current + step), Math.max(0, matching.length - 1)));
              } else if (e.key === 'Enter') {
                e.preventDefault();
                insert(matching[active]);
              } else if (e.key === 'Escape') {
                e.preventDefault();
                close();
              }
            }}
          />
          <ul id="canned-options" role="listbox" aria-label="Canned replies">
            {matching.map((reply, index) => (
              <li
                key={reply.id}
                id={`canned-option-${reply.id}`}
                role="option"
                aria-selected={index === active}
                class={index === active ? 'active' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => insert(reply)}
              >
                {reply.title}
              </li>
            ))}
          </ul>
          <ErrorLine error={error} />
          {replies && matching.length === 0 && (
            <p class="muted" role="status">
              {replies.length === 0 ? 'No canned reply yet: add some under Canned replies.' : 'No title matches.'}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The "Canned replies" screen: every staff member lists, adds and edits; the author or an admin deletes. */
export function CannedReplies({ me }: { me: Me }) {
  const [replies, setReplies] = useState<CannedReply[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [editing, setEditing] = useState<string | null>(null);

  const load = async () => setReplies(await api<CannedReply[]>('canned-replies'));
  useEffect(() => void load().catch((caught: Error) => setError(caught.message)), []);

  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(null);
      await load();
      return true;
    } catch (caught) {
      setError((caught as Error).message);
      return false;
    }
  };
  const add = async (event: Event) => {
    event.preventDefault();
    if (await attempt(() => api('canned-replies', { method: 'POST', body: { title, body } }))) {
      setTitle('');
      setBody('');
    }
  };
  const save = async (event: Event, reply: CannedReply) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const changes = { title: text('title'), body: text('body') };
    if (await attempt(() => api(`canned-replies/${reply.id}`, { method: 'PATCH', body: changes }))) {
      setEditing(null);
    }
  };
  const remove = async (reply: CannedReply) => {
    if (!window.confirm(`Delete the canned reply “${reply.title}”?`)) {
      return;
    }
    await attempt(() => api(`canned-replies/${reply.id}`, { method: 'DELETE' }));
  };

  return (
    <main class="page" aria-labelledby="canned-title">
      <h1 id="canned-title">Canned replies</h1>
      <p class="muted">
        Answers the whole team shares. In a reply box, “Insert canned reply” (or <kbd>c</kbd>) puts one at the cursor,
        with <code>{'{{name}}'}</code> as the requester’s name, <code>{'{{ref}}'}</code> as the reference and{' '}
        <code>{'{{agent}}'}</code> as yours.
      </p>
      <form class="canned-form" onSubmit={(event) => void add(event)} aria-label="Add a canned reply">
        <label>
          Title
          <input required maxLength={100} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <label>
          Text
          <textarea required rows={5} maxLength={20000} value={body} onInput={(e) => setBody(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary">
          Add canned reply
        </button>
      </form>
      <ErrorLine error={error} />
      <ul class="canned-list" aria-label="Canned replies">
        {replies.map((reply) => (
          <li key={reply.id}>
            {editing === reply.id ? (
              <form
                class="canned-form"
                onSubmit={(event) => void save(event, reply)}
                aria-label={`Edit ${reply.title}`}
              >
                <label>
                  Title
                  <input name="title" required maxLength={100} defaultValue={reply.title} />
                </label>
                <label>
                  Text
                  <textarea name="body" required rows={5} maxLength={20000} defaultValue={reply.body} />
                </label>
                <div class="actions">
                  <button type="submit" class="primary">
                    Save
                  </button>
                  <button type="button" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <>
                <h2>{reply.title}</h2>
                <p class="message">{reply.body}</p>
                <p class="muted">
                  {reply.author.name} · {when(reply.updated_at)}
                </p>
                <div class="actions">
                  <button type="button" aria-label={`Edit ${reply.title}`} onClick={() => setEditing(reply.id)}>
                    Edit
                  </button>
                  {(me.role === 'admin' || reply.author.id === me.id) && (
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Delete ${reply.title}`}
                      onClick={() => void remove(reply)}
                    >
                      Delete
                    </button>
                  )}
                </div>
              </>
            )}
          </li>
        ))}
        {replies.length === 0 && <li class="muted">No canned reply yet.</li>}
      </ul>
    </main>
  );
}
