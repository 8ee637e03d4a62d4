import { useEffect, useRef, useState } from 'preact/hooks';
import { api, apiUrl, Counts, Me, Page, Ref, SPAM_REASON_TEXT, STATUSES, Status, Submission } from './api';
import { Detail, DetailHandle } from './detail';
import { ago, when } from './format';
import { ErrorLine } from './parts';
import { navigate, Route } from './router';
import { usePolling } from './use-polling';

/** How often the visible inbox asks for new submissions and counts (the contract: within 10 s). */
const POLL_MS = 5_000;
const FILTERS = ['status', 'q', 'assignee', 'api_key', 'from', 'to'] as const;

function filtersOf(route: Route): Record<string, string | undefined> {
  const filters: Record<string, string | undefined> = {};
  for (const name of FILTERS) {
    filters[name] = route.params.get(name) ?? undefined;
  }
  filters.status ??= 'new';
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
  // On a phone the filters fold away behind a button, so the list starts near the top.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersSet = (['assignee', 'api_key', 'from', 'to'] as const).filter((name) => filters[name]).length;
  const searchBox = useRef<HTMLInputElement>(null);
  const firstFilter = useRef<HTMLSelectElement>(null);
  const detailHandle = useRef<DetailHandle | null>(null);
  const key = JSON.stringify(filters);

  const query = (extra: Record<string, string | undefined> = {}) => ({
    ...filters,
    status: filters.status === 'all' ? undefined : filters.status,
    ...extra,
  });

  const refresh = async () => {
    try {
      const [page, latestCounts] = await Promise.all([
        api<Page<Submission>>('submissions', {}, query()),
        api<Counts>('submissions/counts'),
      ]);
      setCounts(latestCounts);
      setItems((loaded) => {
        // Keep what "load more" brought in; the first page replaces its own rows.
        const fresh = new Set(page.items.map((item) => item.id));
        const oldest = page.items.at(-1)?.id;
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
    void (async () => {
      try {
        const page = await api<Page<Submission>>('submissions', {}, query());
        setItems(page.items);
        setCursor(page.next_cursor);
        setSearchNote(page.search);
        setCounts(await api<Counts>('submissions/counts'));
        setError(null);
      } catch (caught) {
        setError((caught as Error).message);
      }
    })();
  }, [key]);
  usePolling(() => void refresh(), POLL_MS);

  const loadMore = async () => {
    if (!cursor) return;
    const page = await api<Page<Submission>>('submissions', {}, query({ cursor }));
    setItems((loaded) => [...loaded, ...page.items.filter((item) => !loaded.some((known) => known.id === item.id))]);
    setCursor(page.next_cursor);
  };

  const setFilter = (name: string, value: string | undefined) =>
    navigate('/inbox', { ...filters, [name]: value || undefined, open: undefined });
  const open = (id: string) => navigate('/inbox', { ...filters, open: id });

  // Keyboard triage: j/k move, Enter opens, e closes, a assigns to me, / searches. One listener reads
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
            setFilter('q', search.trim());
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
              onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()}
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
                  <span class={`badge status-${item.status}`}>{item.status}</span> {item.email ?? item.phone ?? ''} ·{' '}
                  {item.api_key.name}
                  {item.assignee ? ` · ${item.assignee.name}` : ''}
                  {item.spam_reasons.length > 0 &&
                    ` · flagged: ${item.spam_reasons.map((reason) => SPAM_REASON_TEXT[reason]).join('; ')}`}
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
