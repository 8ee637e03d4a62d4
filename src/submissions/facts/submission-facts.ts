import type { Actor } from '../../audit/actor';
import type { FactAuditAction } from '../../audit/audit-actions';
import type { Transaction } from '../../database/transactions';
import type { FieldValue } from '../../custom-fields/field-values';
import type { Priority } from '../lifecycle/submission-priority';
import type { WorkflowStatus } from '../lifecycle/submission-state';

/**
 * What each fact about a submission carries besides the submission: ids and what changed, never the
 * request's words or the requester's address (facts reach webhooks, the live stream and the audit).
 */
export interface SubmissionFactData {
  /**
   * Stored by the intake (the form, or inbound mail that starts a submission); `slaChecksAt`: when its
   * service level's targets fall due (epoch ms), for the checks queued once it is stored.
   */
  received: { flagged: boolean; slaChecksAt: number[] };
  /**
   * A worker began delivering it, the first time (its first attempt counted): what follows a new
   * submission's delivery is written with the attempt (the requester's acknowledgement).
   */
  delivery_started: Record<string, never>;
  /** Held back as spam by its delivery: only webhooks that asked for it hear of it. */
  flagged: Record<string, never>;
  status_changed: { before: WorkflowStatus; after: WorkflowStatus };
  assigned: { before: string | null; after: string | null };
  priority_changed: { before: Priority; after: Priority };
  tags_changed: { before: string[]; after: string[] };
  note_added: { noteId: string };
  replied: { messageId: string };
  /** The requester's (or someone else's) mail attached; `automatic` mail changes and triggers nothing. */
  message_received: { messageId: string; fromOther: boolean; automatic: boolean };
  /**
   * Mail we sent came back undelivered (a delivery-status notification, or a bounce quoting it): the
   * status code (RFC 3463, `5.1.1`) only; the diagnostic text, which may name the address, stays on the message.
   */
  message_bounced: { messageId: string; status: string | null };
  /** Staff sent it through every staff channel again. */
  redelivered: Record<string, never>;
  /**
   * A rule's round robin found no agent to take it (every one away, disabled or at capacity): it stays
   * unassigned, and the audit says why, per agent id (`away`, `disabled`, `at capacity`, `unknown`).
   */
  not_assigned: { agents: Record<string, string> };
  /** Staff sent a reply that had failed again (its job is queued once this has committed). */
  message_retried: { messageId: string };
  /**
   * A target of its service level was not met in time (recorded once per target, at its due time):
   * `first_response` or `resolution`, and the due time it missed (ISO 8601).
   */
  sla_breached: { target: 'first_response' | 'resolution'; dueAt: string; policyId: string };
  /**
   * The requester answered the satisfaction survey (ratings/): the value, and whether they wrote a
   * comment (never the comment: it is the customer's words, read in the staff API).
   */
  rated: { rating: 'good' | 'not_good'; hasComment: boolean };
  /**
   * A merge, recorded once on each side (`submissionId` is the source's or the target's): the source
   * went into the target, which now holds its timeline, notes, tags and files.
   */
  merged: { sourceId: string; targetId: string };
  /**
   * Staff changed custom fields' values: every changed field's name, and the values before and after
   * of those that are not `personal` (a personal value never goes into a fact: the audit keeps facts).
   */
  fields_changed: {
    names: string[];
    before: Record<string, FieldValue | null>;
    after: Record<string, FieldValue | null>;
  };
}

export type SubmissionFactName = keyof SubmissionFactData;

/** The live stream's kinds of event (besides presence): the console reloads what it shows. */
export type SubmissionLiveEvent = 'submission.created' | 'submission.changed' | 'submission.message_received';

/** Where a fact goes. Its public names are spelled here and nowhere else. */
export interface SubmissionFactRoute<Name extends SubmissionFactName> {
  /**
   * The webhook event (a public interface: the names never change) and who records its deliveries:
   * a handler marked `sends: 'webhooks'` inside the fact's transaction (start-up fails without one),
   * or the `webhooks` staff channel when the submission is delivered (`submission.received`, sent again
   * by a redelivery).
   */
  webhook?: { event: string; sentBy: 'handler' | 'staff channel' };
  /** The live event; `version` goes with it when the fact moved the submission's version. */
  live?: SubmissionLiveEvent;
  /** The audit action and the change it records (`before` and `after`, ids and labels only). */
  audit?: {
    action: FactAuditAction;
    change?: (data: SubmissionFactData[Name]) => {
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
    };
  };
}

/**
 * The one catalogue of facts about a submission. A room records a fact (SubmissionFactRecorder) inside
 * the change's transaction; its audit row and the writes of the handlers in the transaction's two
 * phases (`in transaction`, `before commit`: webhook deliveries, service levels, report days, rules)
 * commit with the change, the after-commit handlers (jobs, live events, caches) run once it has.
 * Adding a fact is one entry here and its handlers (docs/development.md, "Adding a fact").
 */
export const SUBMISSION_FACTS = {
  received: {
    webhook: { event: 'submission.received', sentBy: 'staff channel' },
    live: 'submission.created',
  },
  delivery_started: {},
  status_changed: {
    webhook: { event: 'submission.status_changed', sentBy: 'handler' },
    live: 'submission.changed',
    audit: { action: 'submission.status_changed', change: fieldChange('status') },
  },
  message_received: {
    webhook: { event: 'submission.message_received', sentBy: 'handler' },
    live: 'submission.message_received',
    audit: {
      action: 'submission.message_received',
      change: (data) => ({
        after: { message_id: data.messageId, from_other: data.fromOther, automatic: data.automatic },
      }),
    },
  },
  assigned: {
    webhook: { event: 'submission.assigned', sentBy: 'handler' },
    live: 'submission.changed',
    audit: { action: 'submission.assigned', change: fieldChange('assignee_id') },
  },
  flagged: {
    webhook: { event: 'submission.flagged', sentBy: 'handler' },
  },
  priority_changed: {
    live: 'submission.changed',
    audit: { action: 'submission.priority_changed', change: fieldChange('priority') },
  },
  tags_changed: {
    live: 'submission.changed',
    audit: { action: 'submission.tags_changed', change: fieldChange('tags') },
  },
  note_added: {
    live: 'submission.changed',
    audit: { action: 'submission.note_added', change: (data) => ({ after: { note_id: data.noteId } }) },
  },
  replied: {
    live: 'submission.changed',
    audit: { action: 'submission.replied', change: (data) => ({ after: { message_id: data.messageId } }) },
  },
  redelivered: {
    audit: { action: 'submission.redelivered' },
  },
  not_assigned: {
    audit: {
      action: 'submission.not_assigned',
      change: (data) => ({ after: { reason: 'no agent available', agents: data.agents } }),
    },
  },
  message_retried: {
    audit: { action: 'message.retried', change: (data) => ({ after: { message_id: data.messageId } }) },
  },
  // Last: webhook events are listed in the catalogue's order, and a new one comes after the others.
  message_bounced: {
    webhook: { event: 'message.bounced', sentBy: 'handler' },
    live: 'submission.changed',
    audit: {
      action: 'message.bounced',
      change: (data) => ({ after: { message_id: data.messageId, status: data.status } }),
    },
  },
  sla_breached: {
    webhook: { event: 'submission.sla_breached', sentBy: 'handler' },
    live: 'submission.changed',
    audit: {
      action: 'submission.sla_breached',
      change: (data) => ({ after: { target: data.target, due_at: data.dueAt, policy_id: data.policyId } }),
    },
  },
  rated: {
    webhook: { event: 'submission.rated', sentBy: 'handler' },
    live: 'submission.changed',
    audit: { action: 'submission.rated', change: (data) => ({ after: { rating: data.rating } }) },
  },
  merged: {
    webhook: { event: 'submission.merged', sentBy: 'handler' },
    live: 'submission.changed',
    audit: {
      action: 'submission.merged',
      change: (data) => ({ after: { source_id: data.sourceId, target_id: data.targetId } }),
    },
  },
  fields_changed: {
    webhook: { event: 'submission.fields_changed', sentBy: 'handler' },
    live: 'submission.changed',
    audit: {
      action: 'submission.fields_changed',
      change: (data) => ({ before: { fields: data.before }, after: { fields: data.after, names: data.names } }),
    },
  },
} as const satisfies { [Name in SubmissionFactName]: SubmissionFactRoute<Name> };

/** The public name of each webhook event (an interface: receivers subscribe to these). */
export type WebhookEvent = {
  [Name in SubmissionFactName]: (typeof SUBMISSION_FACTS)[Name] extends { webhook: { event: infer Event } }
    ? Event
    : never;
}[SubmissionFactName];

/** `{field: before}` -> `{field: after}`: one audit event per changed field. */
function fieldChange<Value>(field: string) {
  return (data: { before: Value; after: Value }) => ({
    before: { [field]: data.before },
    after: { [field]: data.after },
  });
}

export const SUBMISSION_FACT_NAMES = Object.keys(SUBMISSION_FACTS) as SubmissionFactName[];

/** Every public webhook event, in the catalogue's order. */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = SUBMISSION_FACT_NAMES.flatMap((name) => {
  const webhook = routeOf(name).webhook as { event: WebhookEvent } | undefined;
  return webhook ? [webhook.event] : [];
});

/** A fact's route, seen through the catalogue's common shape. */
export function routeOf(name: SubmissionFactName): SubmissionFactRoute<SubmissionFactName> {
  return SUBMISSION_FACTS[name] as SubmissionFactRoute<SubmissionFactName>;
}

/** The webhook event of a fact that has one. */
export function webhookEventOf(name: SubmissionFactName): WebhookEvent {
  const webhook = routeOf(name).webhook as { event: WebhookEvent } | undefined;
  if (!webhook) {
    throw new Error(`The fact ${name} has no webhook event`);
  }
  return webhook.event;
}

/** What a fact says once recorded: ids only. */
export type SubmissionFact<Name extends SubmissionFactName = SubmissionFactName> = {
  [N in Name]: {
    name: N;
    submissionId: string;
    apiKeyId: string;
    /** The submission's version after the change, when the change moved it. */
    version?: number;
    actor: Actor;
    /** The fact's id: its audit event's when it has one (unique per change; a webhook's event key). */
    id: string;
    data: SubmissionFactData[N];
  };
}[Name];

/** A fact as a producer gives it (the recorder adds its id). */
export type NewSubmissionFact<Name extends SubmissionFactName = SubmissionFactName> = {
  [N in Name]: Omit<SubmissionFact<N>, 'id'>;
}[Name];

/**
 * When a handler runs, declared at the handler (the spine's three phases; none other exists):
 * - `in transaction`: `(fact, tx)` as the fact is recorded, in the producer's transaction; its writes
 *   commit with the change or not at all.
 * - `before commit`: `(facts, tx)` once the change's own work is done, just before it commits, with
 *   every fact of the transaction it takes at once (so a bulk change's 50 rows are one statement, not
 *   50) and the rows as the change left them. Facts recorded meanwhile (a rule's) come in another call.
 * - `after commit`: `(fact)` once the change has committed; a failure is logged and never undoes it.
 * A handler inside the transaction may return what must follow the commit (queue the jobs of the rows
 * it wrote): the spine runs it once the change has committed, and never if it rolls back.
 */
export type FactPhase = 'in transaction' | 'before commit' | 'after commit';

/** What a handler inside the transaction asks to run once it has committed (see FactPhase). */
export type AfterCommitWork = () => Promise<void> | void;

export type InTransactionFactHandler = (fact: SubmissionFact, tx: Transaction) => Promise<AfterCommitWork | void>;
export type BeforeCommitFactHandler = (facts: SubmissionFact[], tx: Transaction) => Promise<AfterCommitWork | void>;
export type AfterCommitFactHandler = (fact: SubmissionFact) => Promise<void> | void;

export interface FactHandlerOptions {
  phase: FactPhase;
  facts: readonly SubmissionFactName[];
  /** Marks the handler that records webhook deliveries (start-up checks every webhook fact has one). */
  sends?: 'webhooks';
}

export const FACT_HANDLER = Symbol('submission fact handler');

/**
 * The classes whose handlers run inside the change's transaction, in their order (provided by the
 * composition root's FactHandlersModule, the same in every role; see SubmissionFactRecorder).
 */
export const TRANSACTION_FACT_HANDLERS = Symbol('transaction fact handlers');

/**
 * Marks a provider's method as a handler of submission facts, found at start-up (as immich's
 * `@OnEvent`); its phase says when it runs and what it receives (see FactPhase).
 */
export function OnSubmissionFact(options: FactHandlerOptions): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(FACT_HANDLER, options, descriptor.value as object);
    return descriptor;
  };
}

/**
 * The facts marked for webhook delivery by a handler that no handler marked `sends: 'webhooks'`
 * takes: a fact added to the catalogue without its webhook handler, caught when the process starts.
 */
export function factsWithoutWebhookHandler(handlers: readonly FactHandlerOptions[]): SubmissionFactName[] {
  const handled = new Set(
    handlers.filter((h) => h.sends === 'webhooks' && h.phase !== 'after commit').flatMap((h) => h.facts),
  );
  return SUBMISSION_FACT_NAMES.filter((name) => routeOf(name).webhook?.sentBy === 'handler' && !handled.has(name));
}
