/**
 * Every action the audit trail records, `<noun>.<verb>` (a public interface: `GET /staff/api/audit`
 * filters on them and operators' tools read them, so a name never changes; a new one is added here).
 * A submission's and its messages' actions (`submission.*`, `message.*`) are spelled by the catalogue
 * of facts (submissions/facts/submission-facts.ts) and recorded through a fact, never here.
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'api_key.updated',
  'canned_reply.created',
  'canned_reply.deleted',
  'canned_reply.updated',
  'custom_fields.updated',
  'mailbox.connected',
  'mailbox.disconnected',
  'privacy.erased',
  'privacy.erasure_reapplied',
  'privacy.exported',
  'privacy.reencrypted',
  'retention.ran',
  'rule.created',
  'rule.deleted',
  'rule.updated',
  'sla_policy.created',
  'sla_policy.deleted',
  'sla_policy.updated',
  'staff.created',
  'staff.login',
  'staff.login_failed',
  'staff.logout',
  'staff.passkey_added',
  'staff.passkey_removed',
  'staff.password_change_failed',
  'staff.password_changed',
  'staff.password_reset',
  'staff.password_reset_failed',
  'staff.recovery_code_used',
  'staff.second_factors_reset',
  'staff.session_ended',
  'staff.totp_disabled',
  'staff.totp_enabled',
  'staff.updated',
  'staff_token.created',
  'staff_token.revoked',
  'submissions.exported',
  'webhook.added',
  'webhook.disabled',
  'webhook.enabled',
  'webhook.removed',
  'webhook.replayed',
  'webhook.secret_rotated',
] as const;

/** An action of a submission's fact (the catalogue spells each; see SubmissionFactRoute.audit). */
export type FactAuditAction = `submission.${string}` | `message.${string}`;

export type AuditAction = (typeof AUDIT_ACTIONS)[number] | FactAuditAction;
