import { AppConfig } from '../config/app-config';
import { routeOf, SUBMISSION_FACT_NAMES, SubmissionLiveEvent } from '../submissions/facts/submission-facts';

/** What the stream carries: each fact's live event as the catalogue names it, and who is looking. */
export type LiveEventType = SubmissionLiveEvent | 'presence';
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = [
  ...new Set(SUBMISSION_FACT_NAMES.flatMap((name) => routeOf(name).live ?? [])),
  'presence',
];

/**
 * What the event stream carries: a kind and a submission's id (and its version when the change moved
 * it), never personal data. The console reloads what it needs through the API, which checks who asks.
 */
export interface LiveEvent {
  type: LiveEventType;
  /** The submission's id. */
  id: string;
  /** The submission's version after the change, when the change moved it (a note does not). */
  version?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The one pub/sub channel of a deployment: under REDIS_PREFIX, so services (and parallel test runs)
 * sharing a Redis do not hear each other. Classic PUBLISH reaches every node of a Redis Cluster.
 */
export function liveChannel(settings: AppConfig['redis']): string {
  return `${settings.prefix}:live`;
}

/**
 * The event in a message from the channel, or null for anything else: a subscriber passes on only
 * what has exactly the shape above, so nothing else that lands on the channel reaches a browser.
 */
export function parseLiveEvent(message: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const { type, id, version } = value as Record<string, unknown>;
  if (!LIVE_EVENT_TYPES.includes(type as LiveEventType) || typeof id !== 'string' || !UUID.test(id)) {
    return null;
  }
  if (version !== undefined && !(typeof version === 'number' && Number.isSafeInteger(version) && version >= 0)) {
    return null;
  }
  return version === undefined ? { type: type as LiveEventType, id } : { type: type as LiveEventType, id, version };
}
