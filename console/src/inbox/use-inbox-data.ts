import { useEffect, useRef, useState } from 'preact/hooks';
import { api, Counts, Page, Submission } from '../api';
import { useLiveConnected, useLiveEvents } from '../live';
import { usePolling } from '../use-polling';
import { countQuery, Filters, listQuery } from './filters';
import { useLatest } from './use-latest';
import { useSpaced } from './use-spaced';

/**
 * How often the visible inbox asks for new submissions and counts while the event stream is down (the
 * contract: within 10 s), and while it is up (events bring changes at once; this only backs them up).
 */
const POLL_MS = 5_000;
const LIVE_POLL_MS = 60_000;
/** The shortest time between two refreshes for events: a burst of submissions is a few refreshes. */
const EVENT_SPACING_MS = 500;
/** The API's page sizes: its default, and the most one page may hold. */
const PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;

export interface InboxData {
  items: Submission[];
  cursor: string | null;
  counts: Counts | null;
  error: string | null;
  searchNote: string | undefined;
  /** Reads the first page and the counts again. */
  refresh: () => void;
  loadMore: () => Promise<void>;
}

/**
 * The list and the counts under `filters`, from one fetch path: the first page and the counts are asked
 * for together, and only the newest request's answer is shown (one under other filters never is). New
 * filters start from an empty list; the polls, the stream's events and its coming and going refresh it.
 */
export function useInboxData(filters: Filters): InboxData {
  const [items, setItems] = useState<Submission[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searchNote, setSearchNote] = useState<string | undefined>();
  const latest = useLatest();
  const key = JSON.stringify(filters);

  // By due time a row moves as its targets are met, paused or changed, so a refresh reads every row
  // loaded so far again in one page (up to the API's largest) and shows them in the API's order.
  const byDue = filters.sort === 'due';
  const refreshLimit = byDue && items.length > PAGE_SIZE ? String(Math.min(items.length, MAX_PAGE_SIZE)) : undefined;
  const refresh = () =>
    void latest(
      () =>
        Promise.all([
          api<Page<Submission>>('submissions', {}, listQuery(filters, { limit: refreshLimit })),
          api<Counts>('submissions/counts', {}, countQuery(filters)),
        ]),
      ([page, latestCounts]) => {
        setCounts(latestCounts);
        setItems((loaded) => {
          // Keep what "load more" brought in (rows past a full first page); the first page replaces its
          // own rows. A first page that is not full is the whole list: nothing older is kept.
          const fresh = new Set(page.items.map((item) => item.id));
          const oldest = page.items.at(-1)?.id;
          if (page.next_cursor === null || byDue) {
            return page.items;
          }
          return [
            ...page.items,
            ...loaded.filter((item) => !fresh.has(item.id) && oldest !== undefined && item.id < oldest),
          ];
        });
        setCursor((known) => (byDue ? page.next_cursor : (known ?? page.next_cursor)));
        setSearchNote(page.search);
        setError(null);
      },
      (caught) => setError(caught.message),
    );

  useEffect(() => {
    setItems([]);
    setCursor(null);
    refresh();
  }, [key]);

  const live = useLiveConnected();
  usePolling(refresh, live ? LIVE_POLL_MS : POLL_MS);
  // Up again: whatever happened while the stream was down. Down: a look at once, not at the next poll
  // (a stream ends when its session did; the look finds that out and shows sign-in).
  const wasLive = useRef(live);
  useEffect(() => {
    if (live !== wasLive.current) {
      wasLive.current = live;
      refresh();
    }
  }, [live]);
  // An event refreshes at once; during a burst, at most once per EVENT_SPACING_MS (the last one after it).
  const refreshSoon = useSpaced(refresh, EVENT_SPACING_MS);
  useLiveEvents((event) => {
    if (event.type !== 'presence') {
      refreshSoon();
    }
  });

  const loadMore = async () => {
    if (!cursor) {
      return;
    }
    const page = await api<Page<Submission>>('submissions', {}, listQuery(filters, { cursor }));
    setItems((loaded) => [...loaded, ...page.items.filter((item) => !loaded.some((known) => known.id === item.id))]);
    setCursor(page.next_cursor);
  };

  return { items, cursor, counts, error, searchNote, refresh, loadMore };
}
