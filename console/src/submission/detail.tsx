import { useEffect, useRef, useState } from 'preact/hooks';
import { api, Me, Ref, SPAM_REASON_TEXT } from '../api';
import { ErrorLine } from '../parts';
import { viewingSentence } from '../what-is-new';
import { Conversation } from './conversation';
import { CustomFields } from './custom-fields';
import { Delivery, Webhooks } from './deliveries';
import { Events, Notes } from './notes';
import { MergeInto, MergeLinks } from './merge';
import { History, Record } from './record';
import { Rating } from './rating';
import { ServiceLevel } from './service-level';
import { useDetailKeys } from './use-detail-keys';
import { usePresence } from './use-presence';
import { useSubmission } from './use-submission';
import { Triage, Workflow } from './workflow';

/**
 * One submission: every field, actions (with If-Match), deliveries, notes and events, and its keyboard
 * shortcuts while shown. It follows the event stream: someone else's change is offered ("Updated by
 * someone else", with what is new), a customer's message is shown at once, and who else has it open is
 * said ("Grace is viewing").
 */
export function Detail({ id, me, onChanged }: { id: string; me: Me; onChanged: () => void }) {
  const { detail, newer, error, setError, notice, setNotice, load, conflict, change } = useSubmission(
    id,
    me,
    onChanged,
  );
  const viewers = usePresence(id);
  const [assignable, setAssignable] = useState<Ref[]>([]);
  const prioritySelect = useRef<HTMLSelectElement>(null);
  const cannedOpener = useRef<(() => void) | null>(null);
  useEffect(() => {
    void api<Ref[]>('staff/assignable').then(setAssignable, () => undefined);
  }, []);
  useDetailKeys({
    close: () => void change({ status: 'closed' }),
    assignToMe: () => void change({ assignee_id: me.id }),
    showNew: () => void (newer && load()),
    focusPriority: () => prioritySelect.current?.focus(),
    openCannedReplies: () => cannedOpener.current?.(),
    toggleSpam: () => void change((current) => ({ status: current.status === 'spam' ? 'new' : 'spam' })),
  });
  const noticeThenLoad = (text: string) => async () => {
    setNotice(text);
    await load();
  };

  if (error && !detail) {
    return (
      <section class="detail" aria-label="Submission">
        <p class="error" role="alert">
          {error}
        </p>
      </section>
    );
  }
  if (!detail) {
    return (
      <section class="detail" aria-label="Submission" aria-busy="true">
        <p class="muted">Loading…</p>
      </section>
    );
  }
  return (
    <section class="detail" aria-labelledby="detail-title">
      <header class="detail-head">
        <h2 id="detail-title">{detail.name || (detail.unreadable ? 'Unreadable submission' : '')}</h2>
        <span class={`badge status-${detail.status}`}>{detail.status}</span>
        <span class="badge mono" title="Reference in every e-mail">
          #{detail.ref}
        </span>
      </header>
      {viewers.length > 0 && (
        <p class="viewers" role="status">
          {viewingSentence(viewers)}
        </p>
      )}
      {newer && (
        <div class="conflict" role={newer.refused ? 'alert' : 'status'}>
          {newer.refused ? 'Changed by someone else: yours was not saved.' : 'Updated by someone else.'}
          {newer.news.length > 0 && ` New: ${newer.news.join('; ')}.`}{' '}
          <button type="button" aria-keyshortcuts="u" onClick={() => void load()}>
            Show what is new
          </button>
        </div>
      )}
      <ErrorLine error={error} />
      {detail.unreadable && (
        <p class="error" role="status">
          Unreadable: {detail.unreadable}
        </p>
      )}
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {detail.spam_reasons.length > 0 && (
        <p class="notice" data-testid="spam-reasons">
          Flagged as spam: {detail.spam_reasons.map((reason) => SPAM_REASON_TEXT[reason]).join('; ')}. Held back from
          staff channels and webhooks until marked “Not spam”.
        </p>
      )}
      <MergeLinks detail={detail} />
      {/* A merged submission takes no change: its work goes on in the target. */}
      {detail.status !== 'merged' && <Workflow detail={detail} me={me} assignable={assignable} change={change} />}
      <MergeInto
        detail={detail}
        onMerged={async () => {
          await load();
          onChanged();
        }}
      />
      {detail.status !== 'merged' && (
        <Triage detail={detail} change={change} setNotice={setNotice} prioritySelect={prioritySelect} />
      )}
      <ServiceLevel detail={detail} />
      <Rating detail={detail} />
      <Record detail={detail} />
      <CustomFields detail={detail} change={change} />
      {/* Merged: its conversation went to the target, where replies belong too. */}
      {detail.status !== 'merged' && (
        <Conversation detail={detail} me={me} onChanged={load} onConflict={conflict} cannedOpener={cannedOpener} />
      )}
      <History detail={detail} />
      <Delivery detail={detail} onQueued={noticeThenLoad('Queued for delivery again.')} onError={setError} />
      <Webhooks detail={detail} onReplayed={noticeThenLoad('Webhook sent again.')} onError={setError} />
      <Notes detail={detail} onAdded={load} onError={setError} />
      <Events detail={detail} />
    </section>
  );
}
