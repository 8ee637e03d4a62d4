import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, Me, Priority, Status, SubmissionDetail } from '../api';
import { useLiveConnected, useLiveEvents } from '../live';
import { usePolling } from '../use-polling';
import { whatIsNew } from '../what-is-new';
import { useOneAtATime } from './use-one-at-a-time';

/** How often an open submission with a webhook in flight is read again. */
const WEBHOOK_POLL_MS = 2000;
/** How often an open submission is read again for others' changes while the event stream is down. */
const NEWS_POLL_MS = 10_000;

/** A newer version than the one on screen, and what someone else changed in it. */
export interface Newer {
  news: string[];
  /** True when one of this page's own writes was refused for it (412): the write was not saved. */
  refused: boolean;
}

/** What a PATCH of the detail may change. */
export interface Changes {
  status?: Status;
  assignee_id?: string | null;
  priority?: Priority;
  tags?: string[];
  /** Custom fields' new values by name (null clears one); those left out keep theirs. */
  fields?: Record<string, unknown>;
}

/**
 * Makes a change: `body` may be worked out from the submission as it is then; answers whether it was
 * made. A refusal (but 412, which offers what is new) goes to `onRefused` when given, else to `error`.
 */
export type Change = (
  body: Changes | ((current: SubmissionDetail) => Changes),
  onRefused?: (message: string) => void,
) => Promise<boolean>;

export interface SubmissionState {
  /** The submission on screen (null while `id`'s is loading). */
  detail: SubmissionDetail | null;
  newer: Newer | null;
  error: string | null;
  setError: (error: string | null) => void;
  notice: string | null;
  setNotice: (notice: string | null) => void;
  /** Reads the submission again and shows it. */
  load: () => Promise<void>;
  /** A write of this page was refused (412): offers what is new. */
  conflict: () => void;
  change: Change;
}

/**
 * Submission `id` as shown by the detail, following the event stream: someone else's change is offered
 * (`newer`, with what is new), a customer's message is shown at once. Changes are sent one at a time, each
 * with the version (and tags) the one before left: an agent's quick edits (a priority, then a tag) never
 * refuse each other with 412; someone else's change still does, and then `newer` offers what is new.
 */
export function useSubmission(id: string, me: Me, onChanged: () => void): SubmissionState {
  const [loaded, setDetail] = useState<SubmissionDetail | null>(null);
  // Right after `id` changes the previous submission is still in state for one render: never act on it.
  const detail = loaded?.id === id ? loaded : null;
  const [newer, setNewer] = useState<Newer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The version on screen for handlers that run between renders, and this page's writes in flight
  // (an event about one of them must not read as someone else's change).
  const shown = useRef<SubmissionDetail | null>(null);
  const writes = useRef({ inFlight: 0, recheck: false });
  const oneAtATime = useOneAtATime();

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
    if (!latest || !current || latest.id !== current.id) {
      return;
    }
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
    if (event.id !== id || !shown.current || event.type === 'presence') {
      return;
    }
    if (writes.current.inFlight > 0) {
      writes.current.recheck = true;
    } else if (event.type === 'submission.message_received') {
      // The customer wrote: shown at once (a reply is then based on it, never on what was before).
      void load().then(() => setNotice('New message from the customer.'));
    } else if (event.version === undefined || event.version > shown.current.version) {
      void checkForNews(false);
    }
  });

  /** One of this page's writes: an event it causes is looked at once it is done. */
  const write = async (work: () => Promise<void>) => {
    writes.current.inFlight++;
    try {
      await work();
    } finally {
      writes.current.inFlight--;
      if (writes.current.inFlight === 0 && writes.current.recheck) {
        writes.current.recheck = false;
        void checkForNews(false);
      }
    }
  };

  const change: Change = (body, onRefused) =>
    oneAtATime(async () => {
      let made = false;
      await write(async () => {
        const current = shown.current;
        if (!current) {
          return;
        }
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
            (onRefused ?? setError)((caught as Error).message);
          }
        }
      });
      return made;
    });

  return {
    detail,
    newer,
    error,
    setError,
    notice,
    setNotice,
    load,
    conflict: () => void checkForNews(true),
    change,
  };
}
