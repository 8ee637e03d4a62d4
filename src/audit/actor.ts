import { staffOf, type StaffRequest } from '../staff-auth/staff-auth.guard';
import type { ActorType } from './audit-event.entity';

/** Who is doing something, as the audit records it. */
export interface Actor {
  type: ActorType;
  /** The staff account's id (a rule's for a rule); null for the CLI and the service itself. */
  id: string | null;
  /** The client address of an HTTP request. */
  ip?: string | null;
}

/** The operator at the command line (the CLI has no account: whoever runs it holds the database). */
export const CLI_ACTOR: Actor = { type: 'cli', id: null };

/** The service itself (a scheduled job, a destination disabled after a 410). */
export const SYSTEM_ACTOR: Actor = { type: 'system', id: null };

export function staffActor(accountId: string, ip: string | null = null): Actor {
  return { type: 'staff', id: accountId, ip };
}

/** The audit actor of a request that passed StaffAuthGuard: its account, from its address. */
export function actorOf(request: StaffRequest): Actor {
  return staffActor(staffOf(request).id, request.ip);
}

/** A rule (rules/) that changed a submission: what it changes never triggers a rule again. */
export function ruleActor(ruleId: string): Actor {
  return { type: 'rule', id: ruleId };
}
