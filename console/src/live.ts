import { useEffect, useRef, useState } from 'preact/hooks';
import { apiUrl } from './api';

/** What the server pushes: a kind and a submission's id (ids only; the page reloads through the API). */
export interface LiveEvent {
  type: 'submission.created' | 'submission.changed' | 'submission.message_received' | 'presence';
  id: string;
  /** The submission's version after the change, when the change moved it. */
  version?: number;
}

/** After the server refused the stream outright (EventSource gives up then), a new try this much later. */
const RETRY_AFTER_REFUSAL_MS = 15_000;

const listeners = new Set<(event: LiveEvent) => void>();
const connectionListeners = new Set<(connected: boolean) => void>();
let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let connected = false;
let unseen = 0;
let baseTitle = document.title;

function setConnected(value: boolean): void {
  if (connected !== value) {
    connected = value;
    connectionListeners.forEach((listener) => listener(value));
  }
}

function showTitle(): void {
  document.title = unseen > 0 ? `(${unseen}) ${baseTitle}` : baseTitle;
}

/** The person is looking: what arrived is seen. */
function seen(): void {
  if (unseen > 0 && !document.hidden) {
    unseen = 0;
    showTitle();
  }
}

function connect(): void {
  clearTimeout(retry);
  const stream = new EventSource(apiUrl('stream'));
  source = stream;
  stream.onopen = () => setConnected(true);
  stream.onmessage = (message: MessageEvent<string>) => {
    const event = JSON.parse(message.data) as LiveEvent;
    if (event.type === 'submission.created' || event.type === 'submission.message_received') {
      unseen++;
      showTitle();
    }
    listeners.forEach((listener) => listener(event));
  };
  // Polling takes over at once; EventSource reconnects by itself after the server's `retry:` hint,
  // unless the server refused the stream (then it gives up, and a new one is tried a while later).
  stream.onerror = () => {
    setConnected(false);
    if (stream.readyState === EventSource.CLOSED && source === stream) {
      retry = setTimeout(connect, RETRY_AFTER_REFUSAL_MS);
    }
  };
}

/**
 * Opens the one stream of this tab (signed in). Where EventSource does not exist the console simply
 * keeps polling.
 */
export function startLive(): void {
  if (source || typeof EventSource === 'undefined') {
    return;
  }
  document.addEventListener('visibilitychange', seen);
  document.addEventListener('keydown', seen);
  document.addEventListener('pointerdown', seen);
  connect();
}

/** Closes the stream (signed out). */
export function stopLive(): void {
  clearTimeout(retry);
  source?.close();
  source = null;
  setConnected(false);
  unseen = 0;
  showTitle();
  document.removeEventListener('visibilitychange', seen);
  document.removeEventListener('keydown', seen);
  document.removeEventListener('pointerdown', seen);
}

/** The title of the page being shown; while new items wait unseen it reads "(3) <title>". */
export function setPageTitle(title: string): void {
  baseTitle = title;
  showTitle();
}

/** Calls `handler` (its latest version) with every event while the component is mounted. */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: LiveEvent) => latest.current(event);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
}

/** Whether the stream is up (false: the page polls instead). */
export function useLiveConnected(): boolean {
  const [value, setValue] = useState(connected);
  useEffect(() => {
    setValue(connected);
    connectionListeners.add(setValue);
    return () => void connectionListeners.delete(setValue);
  }, []);
  return value;
}
