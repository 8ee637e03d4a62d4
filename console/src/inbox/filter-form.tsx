import { RefObject } from 'preact';
import { apiUrl, Ref } from '../api';
import { PriorityOptions } from '../parts';
import { exportQuery, FIELD_FILTER, Filters, filtersSet } from './filters';
import { FieldFilter } from './use-field-filters';
import { SlaControls } from './sla-controls';

/**
 * The search box and the filters (folded behind a button on a phone): built-in ones and a select per
 * custom select field of the keys in view; with the CSV export.
 */
export function FilterForm({
  filters,
  keyOptions,
  fieldFilters,
  search,
  setSearch,
  tag,
  setTag,
  open,
  setOpen,
  onSearch,
  setFilter,
  searchBox,
  firstFilter,
}: {
  filters: Filters;
  keyOptions: Ref[];
  fieldFilters: FieldFilter[];
  search: string;
  setSearch: (value: string) => void;
  tag: string;
  setTag: (value: string) => void;
  open: boolean;
  setOpen: (open: boolean) => void;
  onSearch: () => void;
  setFilter: (name: string, value: string | undefined) => void;
  searchBox: RefObject<HTMLInputElement | null>;
  firstFilter: RefObject<HTMLSelectElement | null>;
}) {
  const set = filtersSet(filters);
  return (
    <form
      class={`filters${open ? ' open' : ''}`}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
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
        aria-expanded={open}
        aria-controls="inbox-filters"
        onClick={() => setOpen(!open)}
      >
        Filters{set > 0 ? ` (${set})` : ''}
      </button>
      <SlaControls filters={filters} setFilter={setFilter} />
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
        {fieldFilters.map((field) => (
          <label key={field.name}>
            {field.label}
            <select
              value={filters[`${FIELD_FILTER}${field.name}`] ?? ''}
              onChange={(e) => setFilter(`${FIELD_FILTER}${field.name}`, e.currentTarget.value)}
            >
              <option value="">any</option>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          From
          <input type="date" value={filters.from ?? ''} onChange={(e) => setFilter('from', e.currentTarget.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to ?? ''} onChange={(e) => setFilter('to', e.currentTarget.value)} />
        </label>
        <a class="button" href={apiUrl('submissions/export.csv', exportQuery(filters))} download>
          Export CSV
        </a>
      </div>
    </form>
  );
}
