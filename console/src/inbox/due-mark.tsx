import { Submission } from '../api';
import { fromNow, when } from '../format';

/** A due time this close (or past) stands out in the list. */
const SOON_MS = 60 * 60_000;

/**
 * A row's service level at a glance, in words (never colour alone): "Breached" when the API recorded a
 * breach, "Due in 12 min" when a target is due within the hour (by the browser's clock), "Overdue" once
 * that time has passed and before the breach is recorded, and a quiet "Due in 4 h" for a later one.
 * Nothing when no policy applies or nothing is owed.
 */
export function DueMark({ sla, now }: { sla: Submission['sla']; now: number }) {
  if (!sla) {
    return null;
  }
  if (sla.breached) {
    const missed = sla.first_response_breached_at ? 'First response' : 'Resolution';
    const dueAt = sla.first_response_breached_at ?? sla.resolution_breached_at;
    return (
      <>
        <span class="sla-mark sla-breached" title={`${missed} was due ${when(dueAt)}`}>
          <span class="sr-only">Service level </span>Breached
        </span>{' '}
      </>
    );
  }
  if (!sla.due_at) {
    return null;
  }
  const left = new Date(sla.due_at).getTime() - now;
  if (left > SOON_MS) {
    return (
      <>
        <span class="sla-later" title={`Due ${when(sla.due_at)}`}>
          Due {fromNow(sla.due_at, now)}
        </span>
        {' · '}
      </>
    );
  }
  const text = left <= 0 ? 'Overdue' : left < 60_000 ? 'Due now' : `Due in ${Math.round(left / 60_000)} min`;
  return (
    <>
      <span class="sla-mark sla-soon" title={`Due ${when(sla.due_at)}`}>
        {text}
      </span>{' '}
    </>
  );
}
