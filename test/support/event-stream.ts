import { waitUntil } from './wait';

export interface StreamEvent {
  type: string;
  id: string;
  version?: number;
}

/** A reader of `GET /staff/api/stream` over plain fetch, as a script or another service would read it. */
export interface EventStream {
  status: number;
  headers: Headers;
  /** Every byte read so far, as text. */
  text: () => string;
  /** Every `data:` event read so far, in order. */
  events: StreamEvent[];
  /** The first event (read already or to come) that `matches`; throws after `timeoutMs`. */
  next: (matches: (event: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  hasEnded: () => boolean;
  close: () => void;
}

/** Opens the stream and reads it in the background; a refusal (4xx/5xx) is answered with its body as text. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
  let text = '';
  let done = false;
  const events: StreamEvent[] = [];
  const ended = (async () => {
    if (!response.body) {
      return;
    }
    const decoder = new TextDecoder();
    let pending = '';
    const reader = response.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const piece = decoder.decode(read.value, { stream: true });
        text += piece;
        pending += piece;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const frame = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data) {
            events.push(JSON.parse(data) as StreamEvent);
          }
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    } finally {
      done = true;
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    text: () => text,
    events,
    next: async (matches, timeoutMs = 10_000) => {
      await waitUntil(() => events.some(matches), 'the expected stream event', timeoutMs);
      return events.find(matches)!;
    },
    ended,
    hasEnded: () => done,
    close: () => abort.abort(),
  };
}
