import { useEffect, useRef, useState } from 'preact/hooks';
import { Me, Ref, STATUSES } from '../api';
import { ErrorLine } from '../parts';
import { navigate, Route } from '../router';
import { Detail } from '../submission/detail';
import { useNow } from '../use-now';
import { FilterForm } from './filter-form';
import { filtersOf, matchSummary, uniqueKeys } from './filters';
import { BulkBar } from './bulk-bar';
import { SubmissionRow } from './submission-row';
import { useFieldFilters } from './use-field-filters';
import { useInboxData } from './use-inbox-data';
import { useInboxKeys } from './use-inbox-keys';
import { useSelection } from './use-selection';

/** The inbox: a tab per status with counts, search and filters, the list with "load more", the detail. */
export function Inbox({ route, me, keys }: { route: Route; me: Me; keys: Ref[] }) {
  const filters = filtersOf(route);
  const selected = route.params.get('open') ?? undefined;
  const { items, cursor, counts, error, searchNote, refresh, loadMore } = useInboxData(filters);
  const [search, setSearch] = useState(filters.q ?? '');
  const [tag, setTag] = useState(filters.tag ?? '');
  // On a phone the filters fold away behind a button, so the list starts near the top.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const firstFilter = useRef<HTMLSelectElement>(null);
  // "Due in 12 min" counts down between refreshes.
  const now = useNow(30_000);

  const setFilter = (name: string, value: string | undefined) =>
    navigate('/inbox', { ...filters, [name]: value || undefined, open: undefined });
  const open = (id: string) => navigate('/inbox', { ...filters, open: id });
  const selection = useSelection(items, JSON.stringify(filters));
  const [active, setActive] = useInboxKeys({
    items,
    open,
    choose: selection.toggle,
    searchBox,
    firstFilter,
    openFilters: () => setFiltersOpen(true),
  });
  useEffect(() => {
    setActive(0);
    setSearch(filters.q ?? '');
    setTag(filters.tag ?? '');
  }, [JSON.stringify(filters)]);

  const keyOptions = keys.length > 0 ? keys : uniqueKeys(items);
  const fieldFilters = useFieldFilters(keyOptions, filters);
  return (
    <div class={`inbox${selected ? ' has-detail' : ''}`}>
      <section class="list-pane" aria-label="Submissions">
        <nav class="tabs" aria-label="Status">
          {[...STATUSES, 'merged' as const, 'all' as const].map((status) => (
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
                  {counts[status]}
                </span>
              )}
            </a>
          ))}
        </nav>
        <FilterForm
          filters={filters}
          keyOptions={keyOptions}
          fieldFilters={fieldFilters}
          search={search}
          setSearch={setSearch}
          tag={tag}
          setTag={setTag}
          open={filtersOpen}
          setOpen={setFiltersOpen}
          // A new search starts in every status; the tabs then say where its matches are.
          onSearch={() =>
            navigate('/inbox', { ...filters, q: search.trim() || undefined, status: undefined, open: undefined })
          }
          setFilter={setFilter}
          searchBox={searchBox}
          firstFilter={firstFilter}
        />
        <ErrorLine error={error} />
        {filters.q && counts && searchNote !== 'unavailable: encrypted' && (
          <p class="muted search-summary" role="status" data-testid="search-summary">
            {matchSummary(filters.q, counts, filters.status)}
          </p>
        )}
        <BulkBar selection={selection} onDone={refresh} />
        <ul class="list" aria-label="Submission list">
          {items.map((item, index) => (
            <SubmissionRow
              key={item.id}
              item={item}
              filters={filters}
              selected={item.id === selected}
              active={index === active}
              onFocus={() => setActive(index)}
              now={now}
              chosen={selection.has(item.id)}
              onChoose={(range) => (range ? selection.extendTo(index) : selection.toggle(index))}
            />
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
          <Detail id={selected} me={me} onChanged={refresh} />
        </div>
      )}
    </div>
  );
}
