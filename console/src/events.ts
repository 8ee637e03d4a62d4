import type { AuditEvent } from './api';
import { when } from './format';

/**
 * Audit events as sentences a person reads ("Ada assigned this to Grace", "Grace changed the status
 * from New to Pending"): names from the event's `names`, never an id or JSON. `here` is true on a
 * submission's own timeline, where the submission is "this"; the audit screen names the target.
 */
export function describeEvent(event: AuditEvent, here = false): string {
  const who = actorOf(event);
  const before = event.before ?? {};
  const after = event.after ?? {};
  const target = here ? 'this' : targetOf(event);
  switch (event.action) {
    case 'submission.status_changed':
      return `${who} changed the status${here ? '' : ` of ${target}`} from ${statusName(before.status)} to ${statusName(after.status)}`;
    case 'submission.assigned': {
      const assignee = after.assignee_id;
      if (typeof assignee !== 'string') {
        return `${who} unassigned ${target}`;
      }
      if (event.actor && assignee === event.actor.id) {
        return `${who} took ${target}`;
      }
      return `${who} assigned ${target} to ${nameOf(event, assignee, 'someone')}`;
    }
    case 'submission.not_assigned': {
      // A round robin with nobody free: who was passed over, and why ("Grace away, Alan at capacity").
      const passed = typeof after.agents === 'object' && after.agents !== null ? Object.entries(after.agents) : [];
      const why = passed.map(([id, reason]) => `${nameOf(event, id, 'an agent')} ${word(reason)}`).join(', ');
      return `${who} found nobody to assign ${target} to${why ? ` (${why})` : ''}`;
    }
    case 'submission.note_added':
      return `${who} added a note${here ? '' : ` to ${target}`}`;
    case 'submission.replied':
      return `${who} replied${here ? '' : ` to ${target}`} by e-mail`;
    case 'submission.message_received':
      if (after.automatic === true) {
        return `An automatic e-mail arrived${here ? '' : ` for ${target}`}`;
      }
      return after.from_other === true
        ? `Someone else on the thread wrote${here ? '' : ` about ${target}`}`
        : `The customer wrote${here ? '' : ` about ${target}`}`;
    case 'message.retried':
      return `${who} sent a failed e-mail again`;
    case 'submission.redelivered':
      return `${who} sent ${target} to the staff channels again`;
    case 'submission.tags_changed':
      return `${who} changed the tags${here ? '' : ` of ${target}`} to ${listOf(after.tags)}`;
    case 'submission.priority_changed':
      return `${who} changed the priority${here ? '' : ` of ${target}`} from ${word(before.priority)} to ${word(after.priority)}`;
    case 'submission.rated':
      return `The requester rated ${here ? 'it' : target} ${after.rating === 'good' ? 'good' : 'not good'}`;
    case 'submission.merged':
      // Recorded on both sides: "Ada merged this into another submission" / "... another submission into this".
      return event.target_id === after.source_id
        ? `${who} merged ${target} into another submission`
        : `${who} merged another submission into ${target}`;
    case 'submission.sla_breached':
      return `${after.target === 'resolution' ? 'The resolution' : 'The first response'}${here ? '' : ` of ${target}`} missed its due time (${dueTime(after.due_at)})`;
    case 'sla_policy.created':
      return `${who} added the SLA policy “${text(after.name)}”`;
    case 'sla_policy.updated':
      return `${who} changed the SLA policy “${text(after.name)}”: ${changedFields(before, after)}`;
    case 'sla_policy.deleted':
      return `${who} deleted the SLA policy “${text(before.name)}”`;
    case 'rule.created':
      return `${who} added the rule “${text(after.name)}”`;
    case 'rule.updated':
      return `${who} changed the rule “${text(after.name)}”: ${changedFields(before, after)}`;
    case 'rule.deleted':
      return `${who} deleted the rule “${text(before.name)}”`;
    case 'canned_reply.created':
      return `${who} added the canned reply “${text(after.title)}”`;
    case 'canned_reply.updated':
      return before.title !== after.title
        ? `${who} renamed the canned reply “${text(before.title)}” to “${text(after.title)}”${after.body_changed ? ' and changed its text' : ''}`
        : `${who} changed the text of the canned reply “${text(after.title)}”`;
    case 'canned_reply.deleted':
      return `${who} deleted the canned reply “${text(before.title)}”`;
    case 'submissions.exported':
      return `${who} exported submissions as CSV`;
    case 'api_key.created':
      return `${who} created the API key “${text(after.name)}”`;
    case 'api_key.updated':
      return `${who} changed ${target}: ${changedFields(before, after)}`;
    case 'api_key.revoked':
      return `${who} revoked ${target}`;
    case 'staff.created':
      return `${who} created the account of ${text(after.name)} (${text(after.role)})`;
    case 'staff.updated':
      if (Object.keys(after).join() === 'away') {
        return `${who} marked themselves ${after.away === true ? 'away' : 'available'}`;
      }
      return `${who} changed the account of ${nameOf(event, event.target_id, 'someone')}: ${changedFields(before, after)}`;
    case 'staff.password_reset':
      return `${who} reset the password of ${nameOf(event, event.target_id, 'someone')}`;
    case 'staff.login': {
      const factor: Record<string, string> = {
        totp: 'the authenticator app',
        recovery_code: 'a recovery code',
        mfa: "the provider's second factor",
        passkey: 'a passkey',
      };
      const first: Record<string, string> = { sso: 'single sign-on', passkey: 'a passkey' };
      const ways = [first[String(after.method)] ?? null, factor[String(after.second_factor)] ?? null];
      const said = ways.filter(Boolean);
      return `${who} signed in${said.length > 0 ? ` with ${said.join(' and ')}` : ''}`;
    }
    case 'staff.session_ended':
      return after.by === 'admin'
        ? `${who} signed out a session of ${nameOf(event, event.target_id, 'someone')}`
        : `${who} signed out one of their sessions`;
    case 'staff.passkey_added':
      return `${who} added the passkey “${text(after.name)}”`;
    case 'staff.passkey_removed':
      return `${who} removed a passkey`;
    case 'staff.totp_enabled':
      return `${who} set up an authenticator app for two-factor sign-in`;
    case 'staff.totp_disabled':
      return `${who} turned off two-factor sign-in with an authenticator app`;
    case 'staff.recovery_code_used':
      return `${nameOf(event, event.target_id, 'Someone')} used a recovery code to sign in (${count(after.left, 'code')} left)`;
    case 'staff.second_factors_reset':
      return `${who} removed the second factors of ${nameOf(event, event.target_id, 'an account')}`;
    case 'mailbox.connected':
      return `${who} connected the mailbox ${text(after.address)} (${word(after.provider)})`;
    case 'mailbox.disconnected':
      return `${who} disconnected the mailbox`;
    case 'staff.logout':
      return `${who} signed out`;
    case 'staff.login_failed':
      return `A sign-in failed${after.reason ? ` (${word(after.reason)})` : ''}`;
    case 'staff_token.created':
      return `${who} created the API token “${text(after.name)}” for ${nameOf(event, after.staff_id, 'an account')}`;
    case 'staff_token.revoked':
      return `${who} revoked an API token`;
    case 'webhook.added':
      return `${who} added a webhook destination`;
    case 'webhook.removed':
      return `${who} removed a webhook destination`;
    case 'webhook.secret_rotated':
      return `${who} rotated a webhook destination's secret`;
    case 'webhook.enabled':
      return `${who} enabled a webhook destination`;
    case 'webhook.disabled':
      return `${event.actor ? who : 'The service'} disabled a webhook destination${after.disabled_reason ? ` (${word(after.disabled_reason)})` : ''}`;
    case 'webhook.replayed':
      return `${who} sent a webhook delivery again`;
    case 'privacy.exported':
      return `${who} exported the personal data of one address (${count(after.submissions, 'submission')})`;
    case 'privacy.erased':
      return `${who} erased the personal data of one address (${count(after.submissions, 'submission')})`;
    case 'privacy.reencrypted':
      return `${who} re-encrypted stored data`;
    case 'retention.ran':
      return `Retention deleted ${count(after.submissions, 'old submission')}`;
    default:
      // A new kind of event still reads as words: "staff.password_changed" -> "password changed".
      return `${who}: ${word(event.action.slice(event.action.indexOf('.') + 1))}${here ? '' : ` (${word(event.action.split('.')[0])})`}`;
  }
}

function actorOf(event: AuditEvent): string {
  if (event.actor_type === 'rule') {
    // A rule's change: "Rule “Billing to team” assigned this to Ana" (a deleted rule has no name left).
    const name = event.actor?.name || (event.actor && event.names?.[event.actor.id]);
    return name ? `Rule “${name}”` : 'A rule';
  }
  if (event.actor) {
    return event.actor.name || 'A staff member';
  }
  if (event.actor_type === 'cli') {
    return 'The command line';
  }
  return 'The service';
}

function targetOf(event: AuditEvent): string {
  switch (event.target_type) {
    case 'submission':
      return 'a submission';
    case 'api_key':
      return event.target_id && event.names?.[event.target_id]
        ? `the API key “${event.names[event.target_id]}”`
        : 'an API key';
    case 'staff':
      return nameOf(event, event.target_id, 'an account');
    default:
      return event.target_type ? `a ${word(event.target_type)}` : 'it';
  }
}

function nameOf(event: AuditEvent, id: unknown, otherwise: string): string {
  return typeof id === 'string' && event.names?.[id] ? event.names[id] : otherwise;
}

const STATUS_NAMES: Record<string, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  closed: 'Closed',
  spam: 'Spam',
  merged: 'Merged',
};

function statusName(status: unknown): string {
  return typeof status === 'string' ? (STATUS_NAMES[status] ?? status) : 'none';
}

function word(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[_.]/g, ' ') : 'none';
}

function dueTime(value: unknown): string {
  return typeof value === 'string' ? `due ${when(value)}` : 'no due time';
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function listOf(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? value.map(text).join(', ') : 'none';
}

function count(value: unknown, noun: string): string {
  const n = typeof value === 'number' ? value : 0;
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** "limit 60 → 100, spam filter on → off": what changed between two snapshots, in words. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const changes = Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => `${word(field)} ${shown(before[field])} → ${shown(after[field])}`);
  return changes.length > 0 ? changes.join(', ') : 'no visible change';
}

function shown(value: unknown): string {
  if (value === null || value === undefined) {
    return 'none';
  }
  if (typeof value === 'boolean') {
    return value ? 'on' : 'off';
  }
  if (typeof value === 'string' || typeof value === 'number') {
    return String(value);
  }
  return 'set';
}
