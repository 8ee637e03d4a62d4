import { Counts, Ref, STATUSES, Status, Submission } from '../api';
import { Route } from '../router';

const FILTERS = ['status', 'q', 'assignee', 'api_key', 'from', 'to', 'tag', 'priority'] as const;

/** The prefix of a custom field's filter in the address and the API's query (`field.product=Pro`). */
export const FIELD_FILTER = 'field.';

/** The inbox's filters as the address holds them (a missing one is undefined). */
export type Filters = Record<string, string | undefined>;

export function filtersOf(route: Route): Filters {
  const filters: Filters = {};
  for (const name of FILTERS) {
    filters[name] = route.params.get(name) ?? undefined;
  }
  // Custom fields' filters (`field.<name>=<option>`), sent to the list, the counts and the export as they are.
  for (const [name, value] of route.params) {
    if (name.startsWith(FIELD_FILTER) && value) {
      filters[name] = value;
    }
  }
  // A search looks in every status unless a tab is chosen (the contract: search covers every status).
  filters.status ??= filters.q ? 'all' : 'new';
  // The order and the breached filter take one value each; anything else in the address is the default.
  filters.sort = route.params.get('sort') === 'due' ? 'due' : undefined;
  filters.breached = route.params.get('breached') === 'true' ? 'true' : undefined;
  // A date `to` is inclusive of its day on the server.
  return filters;
}

/** The list's query for `filters` ("all" is no status), with `extra` (a cursor, say). */
export function listQuery(filters: Filters, extra: Filters = {}): Filters {
  return { ...filters, status: filters.status === 'all' ? undefined : filters.status, ...extra };
}

/** The tabs count what the filters (but the status) let through: with a search, where its matches are. */
export function countQuery(filters: Filters): Filters {
  return { ...filters, status: undefined, sort: undefined };
}

/** The CSV export takes the list's filters; its rows come in its own order. */
export function exportQuery(filters: Filters): Filters {
  return { ...listQuery(filters), sort: undefined };
}

/** The number of filters set behind the "Filters" button. */
export function filtersSet(filters: Filters): number {
  const fields = Object.keys(filters).filter((name) => name.startsWith(FIELD_FILTER) && filters[name]).length;
  return (
    (['assignee', 'api_key', 'tag', 'priority', 'from', 'to'] as const).filter((name) => filters[name]).length + fields
  );
}

export function uniqueKeys(items: Submission[]): Ref[] {
  const seen = new Map<string, Ref>();
  for (const item of items) {
    seen.set(item.api_key.id, item.api_key);
  }
  return [...seen.values()];
}

export const STATUS_LABELS: Record<Status, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  closed: 'Closed',
  spam: 'Spam',
};

/** "4 matches for “ada”: 1 in New, 3 in Closed. Showing all statuses." */
export function matchSummary(q: string, counts: Counts, shown: string | undefined): string {
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
