import { useEffect, useRef, useState } from 'preact/hooks';
import { api, apiUrl, Counts, Me, Page, Ref, SPAM_REASON_TEXT, STATUSES, Status, Submission } from './api';
import { Detail, DetailHandle } from './detail';
import { ago, when } from './format';
import { ErrorLine, PriorityOptions } from './parts';
import { navigate, Route } from './router';
import { useLiveConnected, useLiveEvents } from './live';
import { usePolling } from './use-polling';

/**
 * How often the visible inbox asks for new submissions and counts while the event stream is down (the
 * contract: within 10 s), and while it is up (events bring changes at once; this only backs them up).
 */
const POLL_MS = 5_000;
const LIVE_POLL_MS = 60_000;
/** The shortest time between two refreshes for events: a burst of submissions is a few refreshes. */
const EVENT_SPACING_MS = 500;
const FILTERS = ['status', 'q', 'assignee', 'api_key', 'from', 'to', 'tag', 'priority'] as const;

function filtersOf(route: Route): Record<string, string | undefined> {
  const filters: Record<string, string | undefined> = {};
  for (const name of FILTERS) {
    filters[name] = route.params.get(name) ?? undefined;
  }
  // A search looks in every status unless a tab is chosen (the contract: search covers every status).
  filters.status ??= filters.q ? 'all' : 'new';
  // A date `to` is inclusive of its day on the server.
  return filters;
}

/** The inbox: a tab per status with counts, search and filters, the list with "load more", the detail. */
export function Inbox({ route, me, keys }: { route: Route; me: Me; keys: Ref[] }) {
  const filters = filtersOf(route);
  const selected = route.params.get('open') ?? undefined;
  const [items, setItems] = useState<Submission[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searchNote, setSearchNote] = useState<string | undefined>();
  const [active, setActive] = useState(0);
  const [search, setSearch] = useState(filters.q ?? '');
  const [tag, setTag] = useState(filters.tag ?? '');
  // On a phone the filters fold away behind a button, so the list starts near the top.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersSet = (['assignee', 'api_key', 'tag', 'priority', 'from', 'to'] as const).filter(
    (name) => filters[name],
  ).length;
  const searchBox = useRef<HTMLInputElement>(null);
  const firstFilter = useRef<HTMLSelectElement>(null);
  const detailHandle = useRef<DetailHandle | null>(null);
  const key = JSON.stringify(filters);

  const query = (extra: Record<string, string | undefined> = {}) => ({
    ...filters,
    status: filters.status === 'all' ? undefined : filters.status,
    ...extra,
  });
  // The tabs count what the filters (but the status) let through: with a search, where its matches are.
  const countQuery = () => ({ ...filters, status: undefined });

  // The filters now shown: an answer to a request made under other filters (a refresh in flight when the
  // agent picked a tag, say) is dropped, never shown under the new ones.
  const shownKey = useRef(key);
  shownKey.current = key;
  const refresh = async () => {
    const asked = key;
    try {
      const [page, latestCounts] = await Promise.all([
        api<Page<Submission>>('submissions', {}, query()),
        api<Counts>('submissions/counts', {}, countQuery()),
      ]);
      if (shownKey.current !== asked) return;
      setCounts(latestCounts);
      setItems((loaded) => {
        // Keep what "load more" brought in (rows past a full first page); the first page replaces its
        // own rows. A first page that is not full is the whole list: nothing older is kept.
        const fresh = new Set(page.items.map((item) => item.id));
        const oldest = page.items.at(-1)?.id;
        if (page.next_cursor === null) {
          return page.items;
        }
        return [
          ...page.items,
          ...loaded.filter((item) => !fresh.has(item.id) && oldest !== undefined && item.id < oldest),
        ];
      });
      setCursor((known) => known ?? page.next_cursor);
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  useEffect(() => {
    setItems([]);
    setCursor(null);
    setActive(0);
    setSearch(filters.q ?? '');
    setTag(filters.tag ?? '');
    void (async () => {
      try {
        const [page, latestCounts] = await Promise.all([
          api<Page<Submission>>('submissions', {}, query()),
          api<Counts>('submissions/counts', {}, countQuery()),
        ]);
        if (shownKey.current !== key) return;
        setItems(page.items);
        setCursor(page.next_cursor);
        setSearchNote(page.search);
        setCounts(latestCounts);
        setError(null);
      } catch (caught) {
        setError((caught as Error).message);
      }
    })();
  }, [key]);
  const live = useLiveConnected();
  usePolling(() => void refresh(), live ? LIVE_POLL_MS : POLL_MS);
  // Up again: whatever happened while the stream was down. Down: a look at once, not at the next poll
  // (a stream ends when its session did; the look finds that out and shows sign-in).
  const wasLive = useRef(live);
  useEffect(() => {
    if (live !== wasLive.current) {
      wasLive.current = live;
      void refresh();
    }
  }, [live]);
  // An event refreshes at once; during a burst, at most once per EVENT_SPACING_MS (the last one after it).
  const lastEventRefresh = useRef(0);
  // The refresh of the latest render: the timer may fire after the filters changed.
  const latestRefresh = useRef(refresh);
  latestRefresh.current = refresh;
  const trailing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvents((event) => {
    if (event.type === 'presence' || trailing.current !== undefined) {
      return;
    }
    const wait = lastEventRefresh.current + EVENT_SPACING_MS - Date.now();
    trailing.current = setTimeout(
      () => {
        trailing.current = undefined;
        lastEventRefresh.current = Date.now();
        void latestRefresh.current();
      },
      Math.max(0, wait),
    );
  });

  const loadMore = async () => {
    if (!cursor) return;
    const page = await api<Page<Submission>>('submissions', {}, query({ cursor }));
    setItems((loaded) => [...loaded, ...page.items.filter((item) => !loaded.some((known) => known.id === item.id))]);
    setCursor(page.next_cursor);
  };

  const setFilter = (name: string, value: string | undefined) =>
    navigate('/inbox', { ...filters, [name]: value || undefined, open: undefined });
  const open = (id: string) => navigate('/inbox', { ...filters, open: id });

  // Keyboard triage: j/k move, Enter opens, e closes, a assigns to me, p goes to the priority, c opens
  // the canned replies, / searches. One listener reads
  // the latest state through a ref: effects run after paint, and a key pressed in between must not
  // meet a stale list.
  const latest = useRef({ items, active, selected, open });
  latest.current = { items, active, selected, open };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { items, active, selected, open } = latest.current;
      const target = event.target as HTMLElement;
      if (event.ctrlKey || event.metaKey || event.altKey || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) {
        return;
      }
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        // From outside the list, the first press brings focus back to the current row.
        const step = target.closest('.list') ? (event.key === 'j' ? 1 : -1) : 0;
        const next = Math.min(Math.max(0, active + step), Math.max(0, items.length - 1));
        latest.current.active = next;
        setActive(next);
        document.getElementById(`row-${items[next]?.id}`)?.focus();
      } else if (event.key === 'Enter' && items[active] && target.closest('.list')) {
        event.preventDefault();
        open(items[active].id);
      } else if (event.key === 'e' && selected) {
        detailHandle.current?.setStatus('closed');
      } else if (event.key === 'a' && selected) {
        detailHandle.current?.assignToMe();
      } else if (event.key === 'p' && selected) {
        event.preventDefault();
        detailHandle.current?.focusPriority();
      } else if (event.key === 'c' && selected) {
        event.preventDefault();
        detailHandle.current?.openCannedReplies();
      } else if (event.key === 'u' && selected) {
        detailHandle.current?.showNew();
      } else if (event.key === '!' && selected) {
        detailHandle.current?.toggleSpam();
      } else if (event.key === '/') {
        event.preventDefault();
        searchBox.current?.focus();
      } else if (event.key === 'f') {
        // Unfolded first (a narrow screen folds them), then focused once shown.
        event.preventDefault();
        setFiltersOpen(true);
        setTimeout(() => firstFilter.current?.focus());
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const keyOptions = keys.length > 0 ? keys : uniqueKeys(items);
  return (
    <div class={`inbox${selected ? ' has-detail' : ''}`}>
      <section class="list-pane" aria-label="Submissions">
        <nav class="tabs" aria-label="Status">
          {[...STATUSES, 'all' as const].map((status) => (
            <a
              key={status}
              href={`#/inbox?status=${status}`}
              aria-current={filters.status === status ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                setFilter('status', status);
              }}
            >
              {status === 'all' ? 'All' : status[0].toUpperCase() + status.slice(1)}
              {status !== 'all' && counts && (
                <span class="count" data-testid={`count-${status}`}>
                  {counts[status as Status]}
                </span>
              )}
            </a>
          ))}
        </nav>
        <form
          class={`filters${filtersOpen ? ' open' : ''}`}
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            // A new search starts in every status; the tabs then say where its matches are.
            navigate('/inbox', { ...filters, q: search.trim() || undefined, status: undefined, open: undefined });
          }}
        >
          <label class="grow">
            <span class="sr-only">Search</span>
            <input
              ref={searchBox}
              type="search"
              placeholder="Search (press /)"
              value={search}
              onInput={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.currentTarget.blur();
                } else if (e.key === 'Enter') {
                  // The form has two text fields (search, tag) and no submit button: no implicit submission.
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
          </label>
          <button
            type="button"
            class="filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="inbox-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            Filters{filtersSet > 0 ? ` (${filtersSet})` : ''}
          </button>
          <div id="inbox-filters" class="more-filters">
            <label>
              Assignee
              <select
                ref={firstFilter}
                value={filters.assignee ?? ''}
                onChange={(e) => setFilter('assignee', e.currentTarget.value)}
              >
                <option value="">anyone</option>
                <option value="me">me</option>
                <option value="none">nobody</option>
              </select>
            </label>
            <label>
              API key
              <select value={filters.api_key ?? ''} onChange={(e) => setFilter('api_key', e.currentTarget.value)}>
                <option value="">any</option>
                {keyOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Tag
              <input
                value={tag}
                maxLength={40}
                onInput={(e) => setTag(e.currentTarget.value)}
                onChange={(e) => setFilter('tag', e.currentTarget.value.trim())}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    setFilter('tag', e.currentTarget.value.trim());
                  }
                }}
              />
            </label>
            <label>
              Priority
              <select value={filters.priority ?? ''} onChange={(e) => setFilter('priority', e.currentTarget.value)}>
                <option value="">any</option>
                <option value="high,urgent">high or urgent</option>
                <PriorityOptions />
              </select>
            </label>
            <label>
              From
              <input
                type="date"
                value={filters.from ?? ''}
                onChange={(e) => setFilter('from', e.currentTarget.value)}
              />
            </label>
            <label>
              To
              <input type="date" value={filters.to ?? ''} onChange={(e) => setFilter('to', e.currentTarget.value)} />
            </label>
            <a class="button" href={apiUrl('submissions/export.csv', query())} download>
              Export CSV
            </a>
          </div>
        </form>
        <ErrorLine error={error} />
        {filters.q && counts && searchNote !== 'unavailable: encrypted' && (
          <p class="muted search-summary" role="status" data-testid="search-summary">
            {matchSummary(filters.q, counts, filters.status)}
          </p>
        )}
        <ul class="list" aria-label="Submission list">
          {items.map((item, index) => (
            <li key={item.id}>
              <a
                id={`row-${item.id}`}
                href={`#/inbox?${new URLSearchParams({ ...(Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>), open: item.id }).toString()}`}
                class={`row${item.id === selected ? ' selected' : ''}${index === active ? ' active' : ''}`}
                aria-current={item.id === selected ? 'true' : undefined}
                onFocus={() => {
                  latest.current.active = index;
                  setActive(index);
                }}
              >
                <span class="row-top">
                  <strong class="row-name">{item.name || (item.unreadable ? 'Unreadable' : '')}</strong>
                  <time dateTime={item.created_at} title={when(item.created_at)}>
                    {ago(item.created_at)}
                  </time>
                </span>
                <span class="row-meta">
                  <span class={`badge status-${item.status}`}>{item.status}</span>{' '}
                  {item.priority !== 'normal' && (
                    <>
                      <span class={`badge priority-${item.priority}`}>
                        <span class="sr-only">priority </span>
                        {item.priority}
                      </span>{' '}
                    </>
                  )}
                  {item.email ?? item.phone ?? ''} · {item.api_key.name}
                  {item.assignee ? ` · ${item.assignee.name}` : ''}
                  {item.spam_reasons.length > 0 &&
                    ` · flagged: ${item.spam_reasons.map((reason) => SPAM_REASON_TEXT[reason]).join('; ')}`}
                  {item.tags.map((label) => (
                    <span class="badge tag" key={label}>
                      <span class="sr-only">tag </span>
                      {label}
                    </span>
                  ))}
                </span>
                <span class="row-message">
                  {item.unreadable ? `Unreadable: ${item.unreadable}` : (item.message ?? '')}
                </span>
              </a>
            </li>
          ))}
        </ul>
        {searchNote === 'unavailable: encrypted' && (
          <p class="muted empty" role="status">
            Word search is unavailable: personal fields are stored encrypted. Search for an exact e-mail address
            instead.
          </p>
        )}
        {items.length === 0 && !error && !searchNote && <p class="muted empty">Nothing here.</p>}
        {cursor && (
          <button type="button" class="load-more" onClick={() => void loadMore()}>
            Load more
          </button>
        )}
      </section>
      {selected && (
        <div class="detail-pane">
          <button type="button" class="back" onClick={() => navigate('/inbox', { ...filters })}>
            ← Back to the list
          </button>
          <Detail id={selected} me={me} handle={detailHandle} onChanged={() => void refresh()} />
        </div>
      )}
    </div>
  );
}

function uniqueKeys(items: Submission[]): Ref[] {
  const seen = new Map<string, Ref>();
  for (const item of items) {
    seen.set(item.api_key.id, item.api_key);
  }
  return [...seen.values()];
}

const STATUS_LABELS: Record<Status, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  closed: 'Closed',
  spam: 'Spam',
};

/** "4 matches for “ada”: 1 in New, 3 in Closed. Showing all statuses." */
function matchSummary(q: string, counts: Counts, shown: string | undefined): string {
  const where = STATUSES.filter((status) => counts[status] > 0);
  const total = where.reduce((sum, status) => sum + counts[status], 0);
  if (total === 0) {
    return `No matches for “${q}” in any status.`;
  }
  const places = where.map((status) => `${counts[status]} in ${STATUS_LABELS[status]}`).join(', ');
  const showing =
    shown === 'all' || shown === undefined
      ? 'Showing all statuses.'
      : `Showing ${STATUS_LABELS[shown as Status]} only.`;
  return `${total} ${total === 1 ? 'match' : 'matches'} for “${q}”: ${places}. ${showing}`;
}
