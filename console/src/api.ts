import type { components } from './api-schema';

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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  ifMatch?: string;
  /** Sent even as the page goes away (a "left" said on closing the tab). */
  keepalive?: boolean;
  /** A file's bytes as the body, `application/octet-stream` (an upload), instead of JSON. */
  file?: Blob;
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
    headers['Content-Type'] = options.file ? 'application/octet-stream' : 'application/json';
  }
  if (options.ifMatch) {
    headers['If-Match'] = options.ifMatch;
  }
  const response = await fetch(apiUrl(path, query), {
    method,
    headers,
    credentials: 'same-origin',
    keepalive: options.keepalive,
    body: method === 'GET' ? undefined : (options.file ?? JSON.stringify(options.body ?? {})),
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

/** The server's schemas, generated from openapi.json (`npm run openapi` writes api-schema.d.ts). */
type Schemas = components['schemas'];

export type Ref = Schemas['NamedRefView'];

/** The signed-in account; `must_change_password`: the console shows only the form to choose one's own. */
export type Me = Schemas['StaffAccountDto'];
/** The password step's answer for an account with a second factor. */
export type SecondFactorNeeded = Schemas['SecondFactorNeededDto'];
export type TotpSetup = Schemas['TotpSetupView'];
export type RecoveryCodes = Schemas['RecoveryCodesView'];
export type StaffSession = Schemas['StaffSessionView'];
export type SignInOptions = Schemas['SignInOptionsView'];
export type Passkey = Schemas['PasskeyView'];

export const STATUSES = [
  'new',
  'open',
  'pending',
  'closed',
  'spam',
] as const satisfies readonly Schemas['SubmissionView']['status'][];
export type Status = (typeof STATUSES)[number];

export const PRIORITIES = [
  'low',
  'normal',
  'high',
  'urgent',
] as const satisfies readonly Schemas['SubmissionView']['priority'][];
export type Priority = (typeof PRIORITIES)[number];

export type SpamReason = Schemas['SubmissionView']['spam_reasons'][number];

/** What each reason means to a person reading the Spam tab. */
export const SPAM_REASON_TEXT: Record<SpamReason, string> = {
  duplicate: 'same content as a recent submission',
  marked_sender: 'sender marked as spam before',
  disposable_domain: 'disposable e-mail domain',
  link_stuffed: 'stuffed with links',
};

/** `ref`: short reference for people (`[#<ref>]` in every e-mail about it); `unreadable`: why stored fields could not be decrypted. */
export type Submission = Schemas['SubmissionView'];

/** A shared answer; `{{name}}`, `{{ref}}` and `{{agent}}` are filled where it is inserted. */
export type CannedReply = Schemas['CannedReplyView'];

/** `names`: current names of the accounts and keys the event mentions, by id. */
export type AuditEvent = Schemas['AuditEventView'];

export type SubmissionDetail = Schemas['SubmissionDetailView'];
/** A bulk change (POST submissions/bulk): one change for many rows, and what it did to each. */
export type BulkChange = Schemas['BulkChangeFieldsDto'];
export type BulkResult = Schemas['BulkRowResultView'];

/** One item of a conversation: the request, a reply, a customer's mail or a note. */
export type TimelineItem = Schemas['TimelineItemView'];
export type Attachment = Schemas['AttachmentView'];
export type Upload = Schemas['UploadView'];

/** Inbound mail that matched no submission (admins). */
export type UnmatchedMail = Schemas['UnmatchedMailView'];
export type Mailbox = Schemas['MailboxView'];
export type MailboxConnect = Schemas['MailboxConnectView'];

/** One event for one webhook destination, with every attempt. */
export type WebhookDelivery = Schemas['WebhookDeliveryView'];

/** A page of a list (the server's *PageView schemas share this shape). */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  /** Why a word search found nothing it could look in (`unavailable: encrypted`). */
  search?: string;
}

export type Counts = Schemas['StatusCountsView'];

/** An SLA policy: targets in (business) minutes, and what it applies to. */
export type SlaPolicy = Schemas['SlaPolicyView'];

export type ApiKey = Schemas['ApiKeyView'];

/** A key's custom fields (`GET/PUT keys/:id/fields`): the current version and its fields in order. */
export type KeyFields = Schemas['FieldsView'];
export type FieldDefinition = Schemas['FieldDefinitionDto'];
export type FieldType = FieldDefinition['type'];
/** A custom field of a submission as staff see it (`retired`: no longer in the key's list; its value stays). */
export type SubmissionField = Schemas['SubmissionFieldValueView'];

export type StaffAccount = Schemas['StaffAccountAdminView'];

/** A rule (admins write, everyone reads): its event, conditions and actions, run in position order. */
// `when` is always there; the schema's `required` list is lost under `@ApiProperty(WHEN_SCHEMA)`.
export type Rule = Schemas['RuleView'] & { when: NonNullable<Schemas['RuleView']['when']> };
/** Whether a rule's conditions hold for a submission, one reason per condition. */
export type RuleTestResult = Schemas['RuleTestView'];
