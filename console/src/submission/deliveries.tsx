import { api, SubmissionDetail } from '../api';
import { when } from '../format';

/** The staff channels' delivery of the submission, with "Redeliver" (a refusal is said, as Replay's is). */
export function Delivery({
  detail,
  onQueued,
  onError,
}: {
  detail: SubmissionDetail;
  onQueued: () => Promise<void>;
  onError: (message: string) => void;
}) {
  const redeliver = async () => {
    try {
      await api(`submissions/${detail.id}/redeliver`, { method: 'POST' });
      await onQueued();
    } catch (caught) {
      onError((caught as Error).message);
    }
  };
  return (
    <>
      <h3>Delivery</h3>
      <p class="muted">
        State <strong>{detail.delivery_state}</strong>, {detail.attempts} attempt{detail.attempts === 1 ? '' : 's'}
        {detail.last_error ? ` · last error: ${detail.last_error}` : ''}
      </p>
      <ul class="timeline">
        {detail.deliveries.map((delivery) => (
          <li key={delivery.channel}>
            <strong>{delivery.channel}</strong>: {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'},{' '}
            {delivery.delivered_at ? `delivered ${when(delivery.delivered_at)}` : 'not delivered'}
            {delivery.last_error && <span class="error-text"> · {delivery.last_error}</span>}
          </li>
        ))}
        {detail.deliveries.length === 0 && <li class="muted">No delivery attempt yet.</li>}
      </ul>
      <button type="button" onClick={() => void redeliver()}>
        Redeliver
      </button>
    </>
  );
}

/** The webhook deliveries with their attempts, and "Replay" for each finished one. */
export function Webhooks({
  detail,
  onReplayed,
  onError,
}: {
  detail: SubmissionDetail;
  onReplayed: () => Promise<void>;
  onError: (message: string) => void;
}) {
  const replay = async (deliveryId: string) => {
    try {
      await api(`deliveries/${deliveryId}/replay`, { method: 'POST' });
      await onReplayed();
    } catch (caught) {
      onError((caught as Error).message);
    }
  };
  return (
    <>
      <h3>Webhooks</h3>
      <ul class="timeline" data-testid="webhooks">
        {detail.webhooks.map((delivery) => (
          <li key={delivery.id}>
            <strong>{delivery.destination_id === 'config' ? 'STAFF_WEBHOOK_URL' : delivery.destination_id}</strong>{' '}
            <span class="muted">{delivery.event}</span>: <strong>{delivery.status}</strong>, {delivery.attempts} attempt
            {delivery.attempts === 1 ? '' : 's'}
            <ol class="attempts">
              {delivery.attempt_log.map((attempt) => (
                <li key={attempt.attempted_at}>
                  {when(attempt.attempted_at)} · {attempt.status_code ?? 'no answer'} · {attempt.duration_ms} ms
                  {attempt.error && <span class="error-text"> · {attempt.error}</span>}
                </li>
              ))}
            </ol>
            {delivery.status !== 'pending' && (
              <button
                type="button"
                aria-label={`Replay webhook ${delivery.id}`}
                onClick={() => void replay(delivery.id)}
              >
                Replay
              </button>
            )}
          </li>
        ))}
        {detail.webhooks.length === 0 && <li class="muted">No webhook destination took this submission.</li>}
      </ul>
    </>
  );
}
