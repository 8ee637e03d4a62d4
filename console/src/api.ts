/** The staff API, relative to the page (served at <BASE_PATH>/staff/, the API at <BASE_PATH>/staff/api). */
const API = new URL('api/', document.baseURI);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** Called on any 401 but the sign-in's own: the console shows sign-in and keeps the URL. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  ifMatch?: string;
  /** Sent even as the page goes away (a "left" said on closing the tab). */
  keepalive?: boolean;
}

export function apiUrl(path: string, query?: Record<string, string | undefined>): string {
  const url = new URL(path.replace(/^\//, ''), API);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value) {
      url.searchParams.set(name, value);
    }
  }
  return url.toString();
}

export async function api<T>(
  path: string,
  options: RequestOptions = {},
  query?: Record<string, string | undefined>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const method = options.method ?? 'GET';
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
  }
  if (options.ifMatch) {
    headers['If-Match'] = options.ifMatch;
  }
  const response = await fetch(apiUrl(path, query), {
    method,
    headers,
    credentials: 'same-origin',
    keepalive: options.keepalive,
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
  if (response.status === 204) {
    return undefined as T;
  }
  const payload = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    if (response.status === 401 && path !== 'login') {
      onSignedOut();
    }
    const retryAfter = response.headers.get('Retry-After');
    throw new ApiError(response.status, payload.message ?? response.statusText, retryAfter ? Number(retryAfter) : null);
  }
  return payload as T;
}

export interface Ref {
  id: string;
  name: string;
}

export interface Me {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'agent';
  /** Signed in with a one-time password: the console shows only the form to choose one's own. */
  must_change_password: boolean;
}

export const STATUSES = ['new', 'open', 'pending', 'closed', 'spam'] as const;
export type Status = (typeof STATUSES)[number];

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export type SpamReason = 'duplicate' | 'marked_sender' | 'disposable_domain' | 'link_stuffed';

/** What each reason means to a person reading the Spam tab. */
export const SPAM_REASON_TEXT: Record<SpamReason, string> = {
  duplicate: 'same content as a recent submission',
  marked_sender: 'sender marked as spam before',
  disposable_domain: 'disposable e-mail domain',
  link_stuffed: 'stuffed with links',
};

export interface Submission {
  id: string;
  status: Status;
  delivery_state: string;
  assignee: Ref | null;
  api_key: Ref;
  name: string;
  email: string | null;
  phone: string | null;
  business: string | null;
  message: string | null;
  version: number;
  created_at: string;
  closed_at: string | null;
  /** Short reference for people: `[#<ref>]` in every e-mail about it. */
  ref: string;
  first_response_at: string | null;
  /** Why the spam filter flagged it at intake; empty when it did not. */
  spam_reasons: SpamReason[];
  /** `normal` unless staff set another. */
  priority: Priority;
  /** Staff's labels, in the order they gave. */
  tags: string[];
  /** Present when stored fields could not be decrypted: which and why (those fields are null or ""). */
  unreadable?: string;
}

/** A shared answer; `{{name}}`, `{{ref}}` and `{{agent}}` are filled where it is inserted. */
export interface CannedReply {
  id: string;
  title: string;
  body: string;
  author: Ref;
  created_at: string;
  updated_at: string;
}

export interface AuditEvent {
  id: string;
  action: string;
  actor_type: string;
  actor: Ref | null;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Current names of the accounts and keys the event mentions, by id. */
  names: Record<string, string>;
  ip: string | null;
  created_at: string;
}

export interface SubmissionDetail extends Submission {
  client_ip: string;
  user_agent: string | null;
  attempts: number;
  last_error: string | null;
  processed_at: string | null;
  deliveries: {
    channel: string;
    attempts: number;
    last_error: string | null;
    last_attempt_at: string | null;
    delivered_at: string | null;
  }[];
  webhooks: WebhookDelivery[];
  notes: { id: string; body: string; author: Ref; created_at: string; unreadable?: string }[];
  events: AuditEvent[];
  timeline: TimelineItem[];
  /** The same address's other submissions, newest first. */
  history: { id: string; ref: string; status: Status; created_at: string }[];
}

/** One item of a conversation: the request, a reply, a customer's mail or a note. */
export interface TimelineItem {
  kind: 'request' | 'reply' | 'ack' | 'customer' | 'note';
  id: string;
  created_at: string;
  body: string;
  author?: string | null;
  state?: 'queued' | 'sent' | 'failed' | 'received';
  from?: string | null;
  from_other?: boolean;
  automatic?: boolean;
  quoted?: string | null;
  attachments?: { name: string; type: string; size: number }[];
  last_error?: string | null;
}

/** Inbound mail that matched no submission (admins). */
export interface UnmatchedMail {
  id: string;
  message_id: string;
  from: string | null;
  subject: string | null;
  size: number;
  received_at: string;
  /** Why it was kept: it answered nothing we know, or why it could not be read. */
  reason: 'unmatched' | 'too_slow' | 'too_much_memory' | 'malformed' | 'failed';
  unreadable?: string;
}

/** One event for one webhook destination, with every attempt. */
export interface WebhookDelivery {
  id: string;
  destination_id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  attempt_log: { status_code: number | null; duration_ms: number; error: string | null; attempted_at: string }[];
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  /** Why a word search found nothing it could look in (`unavailable: encrypted`). */
  search?: string;
}

export type Counts = Record<Status, number>;

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  rate_limit: number;
  rate_window: number;
  rate_block: number;
  /** Whether the intake's spam checks run for the key's submissions. */
  spam_filter: boolean;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface StaffAccount extends Me {
  created_at: string;
  last_login_at: string | null;
  disabled_at: string | null;
}
