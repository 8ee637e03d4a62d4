import type { Priority } from '../submissions/lifecycle/submission-priority';
import type { WorkflowStatus } from '../submissions/lifecycle/submission-state';
import type { BusinessCalendar } from './business-calendar';
import type { SlaPolicyEntity } from './entities/sla-policy.entity';
import { NO_SLA, SubmissionSlaColumns } from '../submissions/lifecycle/submission-intake.repository';

/** The two promises a policy makes. */
export const SLA_TARGETS = ['first_response', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

/** A policy as intake and changes use it: its calendar and its conditions made ready to compare. */
export interface ActivePolicy {
  policy: SlaPolicyEntity;
  calendar: BusinessCalendar;
  apiKeyIds: ReadonlySet<string> | null;
  priorities: ReadonlySet<string> | null;
  /** Compared forms (tagKey). */
  tagKeys: ReadonlySet<string> | null;
  /** Custom fields' values as stored (`value_key`: a checkbox's `true` or `false`), each name's. */
  fields: readonly (readonly [name: string, valueKey: string])[] | null;
}

/** What a submission's targets depend on. */
export interface SlaSubject {
  apiKeyId: string;
  priority: Priority;
  /** Compared forms (tagKey) of its labels. */
  tagKeys: readonly string[];
  /**
   * Its custom fields' values as stored for comparison (`value_key`: fields that are not personal), by
   * name; absent when no policy asks for fields.
   */
  fieldKeys?: ReadonlyMap<string, readonly string[]>;
  status: WorkflowStatus;
  createdAt: Date;
  firstResponseAt: Date | null;
  /** Its columns as stored (NO_SLA for a new submission). */
  current: SubmissionSlaColumns;
}

/** Statuses in which the resolution clock stands still: waiting on the customer, or resolved (merged: for good). */
const RESOLUTION_PAUSED: ReadonlySet<WorkflowStatus> = new Set(['pending', 'closed', 'merged']);
/** Statuses in which a first reply is still owed. */
const AWAITING_FIRST_RESPONSE: ReadonlySet<WorkflowStatus> = new Set(['new', 'open', 'pending']);
/** Statuses in which a resolution is still owed (and its clock runs). */
const AWAITING_RESOLUTION: ReadonlySet<WorkflowStatus> = new Set(['new', 'open']);

/** A submission's comparable values by name (see SlaSubject.fieldKeys), from its value rows. */
export function fieldKeysOf(
  rows: Iterable<{ name: string; valueKey: string | null }>,
): ReadonlyMap<string, readonly string[]> {
  const keys = new Map<string, string[]>();
  for (const row of rows) {
    if (row.valueKey !== null) {
      const list = keys.get(row.name);
      if (list) {
        list.push(row.valueKey);
      } else {
        keys.set(row.name, [row.valueKey]);
      }
    }
  }
  return keys;
}

/** The first policy by position whose every condition matches (policies come sorted); null: none. */
export function choosePolicy(
  policies: readonly ActivePolicy[],
  subject: Omit<SlaSubject, 'current'>,
): ActivePolicy | null {
  return (
    policies.find(
      (candidate) =>
        (!candidate.apiKeyIds || candidate.apiKeyIds.has(subject.apiKeyId)) &&
        (!candidate.priorities || candidate.priorities.has(subject.priority)) &&
        (!candidate.tagKeys || subject.tagKeys.some((key) => candidate.tagKeys!.has(key))) &&
        (!candidate.fields ||
          candidate.fields.every(([name, valueKey]) => subject.fieldKeys?.get(name)?.includes(valueKey) === true)),
    ) ?? null
  );
}

/**
 * A submission's service-level columns under `chosen` at `now`. Due times count business minutes from
 * its creation; time paused (pending, closed) is added to the resolution target when the clock runs
 * again. A breach recorded under the same policy stays; a new policy starts its targets afresh (the
 * old breach stays in the audit log). Spam has no service level.
 */
export function slaColumnsOf(chosen: ActivePolicy | null, subject: SlaSubject, now: Date): SubmissionSlaColumns {
  if (!chosen || subject.status === 'spam') {
    return NO_SLA;
  }
  const { policy, calendar } = chosen;
  const { current, status } = subject;
  const samePolicy = current.slaPolicyId === policy.id;
  let pausedAt = current.slaPausedAt;
  let pausedMinutes = current.slaPausedMinutes;
  if (RESOLUTION_PAUSED.has(status) && pausedAt === null) {
    pausedAt = now;
  } else if (!RESOLUTION_PAUSED.has(status) && pausedAt !== null) {
    pausedMinutes += calendar.minutesBetween(pausedAt, now);
    pausedAt = null;
  }
  const firstResponseDueAt =
    policy.firstResponseMinutes === null ? null : calendar.addMinutes(subject.createdAt, policy.firstResponseMinutes);
  // Closed: the due time it had when it closed (the pause since then is not added yet); pending: none.
  const resolutionDueAt =
    policy.resolutionMinutes === null || status === 'pending'
      ? null
      : calendar.addMinutes(subject.createdAt, policy.resolutionMinutes + pausedMinutes);
  return withOutstanding(
    {
      slaPolicyId: policy.id,
      firstResponseDueAt,
      resolutionDueAt,
      firstResponseBreachedAt: samePolicy ? current.firstResponseBreachedAt : null,
      resolutionBreachedAt: samePolicy ? current.resolutionBreachedAt : null,
      slaPausedAt: pausedAt,
      slaPausedMinutes: pausedMinutes,
      slaDueAt: null,
      slaCheckAt: null,
    },
    subject,
  );
}

/** The targets still owed, with their due times. */
function outstanding(columns: SubmissionSlaColumns, subject: Pick<SlaSubject, 'status' | 'firstResponseAt'>) {
  const owed: { target: SlaTarget; dueAt: Date; breached: boolean }[] = [];
  if (columns.firstResponseDueAt && subject.firstResponseAt === null && AWAITING_FIRST_RESPONSE.has(subject.status)) {
    owed.push({
      target: 'first_response',
      dueAt: columns.firstResponseDueAt,
      breached: columns.firstResponseBreachedAt !== null,
    });
  }
  if (columns.resolutionDueAt && AWAITING_RESOLUTION.has(subject.status)) {
    owed.push({
      target: 'resolution',
      dueAt: columns.resolutionDueAt,
      breached: columns.resolutionBreachedAt !== null,
    });
  }
  return owed;
}

/** Sets `slaDueAt` (the earliest target owed) and `slaCheckAt` (the earliest owed and not breached yet). */
function withOutstanding(
  columns: SubmissionSlaColumns,
  subject: Pick<SlaSubject, 'status' | 'firstResponseAt'>,
): SubmissionSlaColumns {
  const owed = outstanding(columns, subject);
  return {
    ...columns,
    slaDueAt: earliest(owed.map((target) => target.dueAt)),
    slaCheckAt: earliest(owed.filter((target) => !target.breached).map((target) => target.dueAt)),
  };
}

/**
 * The targets owed, not yet breached and due at or before `now`, and the columns once they are recorded
 * as breached (each at its due time, however late the check runs).
 */
export function dueBreaches(
  columns: SubmissionSlaColumns,
  subject: Pick<SlaSubject, 'status' | 'firstResponseAt'>,
  now: Date,
): { breached: { target: SlaTarget; dueAt: Date }[]; columns: SubmissionSlaColumns } {
  const breached = outstanding(columns, subject)
    .filter((target) => !target.breached && target.dueAt.getTime() <= now.getTime())
    .map(({ target, dueAt }) => ({ target, dueAt }));
  if (breached.length === 0) {
    return { breached, columns };
  }
  const next = { ...columns };
  for (const { target, dueAt } of breached) {
    if (target === 'first_response') {
      next.firstResponseBreachedAt = dueAt;
    } else {
      next.resolutionBreachedAt = dueAt;
    }
  }
  return { breached, columns: withOutstanding(next, subject) };
}

/** The due times a check must run at: each target owed and not yet breached. */
export function checkTimesOf(
  columns: SubmissionSlaColumns,
  subject: Pick<SlaSubject, 'status' | 'firstResponseAt'>,
): Date[] {
  return outstanding(columns, subject)
    .filter((target) => !target.breached)
    .map((target) => target.dueAt);
}

function earliest(dates: Date[]): Date | null {
  return dates.reduce<Date | null>((first, date) => (first === null || date < first ? date : first), null);
}

/** What reports measure of a submission (see the entity). */
export interface SubmissionMeasures {
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  /** When it was last closed (kept when reopened). */
  lastClosedAt: Date | null;
}

/**
 * The measures after a change, in business minutes of `calendar` (the policy's, or around the clock):
 * the first response once given (kept from then on); the resolution while closed, up to when its clock
 * stopped (closing, or the `pending` before it) less the time paused before, cleared on reopening.
 */
export function measuresOf(
  calendar: BusinessCalendar,
  subject: SlaSubject & { closedAt: Date | null; measures: SubmissionMeasures },
  now: Date,
): SubmissionMeasures {
  const { measures, current } = subject;
  let firstResponseMinutes = measures.firstResponseMinutes;
  if (firstResponseMinutes === null && subject.firstResponseAt !== null) {
    firstResponseMinutes = calendar.minutesBetween(subject.createdAt, subject.firstResponseAt);
  }
  let resolutionMinutes: number | null = null;
  if (subject.status === 'closed') {
    resolutionMinutes = measures.resolutionMinutes;
    if (resolutionMinutes === null) {
      const stopped = current.slaPausedAt ?? subject.closedAt ?? now;
      resolutionMinutes = Math.max(0, calendar.minutesBetween(subject.createdAt, stopped) - current.slaPausedMinutes);
    }
  }
  const lastClosedAt =
    subject.status === 'closed' ? (subject.closedAt ?? measures.lastClosedAt) : measures.lastClosedAt;
  return { firstResponseMinutes, resolutionMinutes, lastClosedAt };
}

/** Whether two sets of columns say the same (so an unchanged submission is not written). */
export function sameSla(a: SubmissionSlaColumns, b: SubmissionSlaColumns): boolean {
  return (Object.keys(a) as (keyof SubmissionSlaColumns)[]).every((key) => {
    const x = a[key];
    const y = b[key];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });
}
