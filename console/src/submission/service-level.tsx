import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, SlaPolicy, SubmissionDetail } from '../api';
import { fromNow, when } from '../format';
import { useNow } from '../use-now';

type Sla = NonNullable<SubmissionDetail['sla']>;

/**
 * The submission's service level: each target the policy sets, as met, breached, due (relative to the
 * browser's clock) or paused while waiting on the customer. Nothing when no policy applies. The API
 * says which targets are owed and which were breached; this only words it.
 */
export function ServiceLevel({ detail }: { detail: SubmissionDetail }) {
  const now = useNow(30_000);
  const policy = usePolicy(detail.sla?.policy_id);
  const { sla } = detail;
  if (!sla) {
    return null;
  }
  const first = firstResponse(detail, sla, now);
  const resolution = resolutionOf(detail, sla, now);
  return (
    <section class="service-level" aria-labelledby="sla-title">
      <h3 id="sla-title">Service level</h3>
      {policy && (
        <p class="muted sla-policy">
          Policy “{policy.name}”,{' '}
          {policy.business_hours ? `business hours (${policy.business_hours.time_zone})` : 'around the clock'}
        </p>
      )}
      <dl class="fields">
        {first && (
          <>
            <dt>First response</dt>
            <dd>{first}</dd>
          </>
        )}
        {resolution && (
          <>
            <dt>Resolution</dt>
            <dd>{resolution}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function firstResponse(detail: SubmissionDetail, sla: Sla, now: number): ComponentChildren {
  const replied = detail.first_response_at;
  if (!sla.first_response_due_at && !sla.first_response_breached_at) {
    // The policy sets no such target.
    return null;
  }
  if (sla.first_response_breached_at) {
    return (
      <>
        <State kind="breached">Breached</State> was due {when(sla.first_response_breached_at)}
        {replied ? `; replied ${when(replied)}` : ''}
      </>
    );
  }
  if (replied) {
    return (
      <>
        <State kind="met">Met</State> replied {when(replied)}
      </>
    );
  }
  if (!sla.first_response_due_at || detail.status === 'closed') {
    return (
      <>
        <State kind="due">Not owed</State> closed without a reply
      </>
    );
  }
  return <Due at={sla.first_response_due_at} now={now} />;
}

function resolutionOf(detail: SubmissionDetail, sla: Sla, now: number): ComponentChildren {
  const paused = sla.resolution_paused ? '; paused while waiting on the customer' : '';
  if (sla.resolution_breached_at) {
    return (
      <>
        <State kind="breached">Breached</State> was due {when(sla.resolution_breached_at)}
        {detail.status === 'closed' ? `; closed ${when(detail.closed_at)}` : paused}
      </>
    );
  }
  if (sla.resolution_paused && detail.status !== 'closed') {
    return (
      <>
        <State kind="paused">Paused</State> waiting on the customer: the time until it is due stands still
      </>
    );
  }
  if (!sla.resolution_due_at) {
    return null;
  }
  if (detail.status === 'closed') {
    return (
      <>
        <State kind="met">Met</State> closed {when(detail.closed_at)}, due {when(sla.resolution_due_at)}
      </>
    );
  }
  return <Due at={sla.resolution_due_at} now={now} />;
}

/** "Due 21 Dec 2026, 09:30 (in 12 min)"; urgent within the hour, "Overdue" once past (until the breach is recorded). */
function Due({ at, now }: { at: string; now: number }) {
  const left = new Date(at).getTime() - now;
  return (
    <>
      <State kind={left <= 60 * 60_000 ? 'soon' : 'due'}>{left <= 0 ? 'Overdue' : 'Due'}</State> {when(at)}
      {` (${fromNow(at, now)})`}
    </>
  );
}

function State({ kind, children }: { kind: 'breached' | 'met' | 'paused' | 'soon' | 'due'; children: string }) {
  // The colon is for screen readers ("Met: replied …"); the frame sets the word apart on screen.
  return (
    <strong class={`sla-mark sla-${kind}`}>
      {children}
      <span class="sr-only">:</span>
    </strong>
  );
}

/** The policy that applies (agents may read policies); undefined until known, or if unreadable. */
function usePolicy(id: string | undefined): SlaPolicy | undefined {
  const [policies, setPolicies] = useState<SlaPolicy[] | null>(null);
  useEffect(() => {
    if (id && !policies?.some((policy) => policy.id === id)) {
      void api<SlaPolicy[]>('sla-policies').then(setPolicies, () => undefined);
    }
  }, [id]);
  return policies?.find((policy) => policy.id === id);
}
