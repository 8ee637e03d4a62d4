import { SubmissionDetail } from '../api';
import { when } from '../format';
import { Attachments } from './attachments';

/** The submission's fields and its message (text nodes only: a message is never parsed as HTML). */
export function Record({ detail }: { detail: SubmissionDetail }) {
  return (
    <>
      <dl class="fields">
        <dt>E-mail</dt>
        <dd>{detail.email ?? '—'}</dd>
        <dt>Phone</dt>
        <dd>{detail.phone ?? '—'}</dd>
        <dt>Business</dt>
        <dd>{detail.business ?? '—'}</dd>
        <dt>Received</dt>
        <dd>{when(detail.created_at)}</dd>
        <dt>API key</dt>
        <dd>{detail.api_key.name}</dd>
        <dt>Assignee</dt>
        <dd>{detail.assignee?.name ?? 'nobody'}</dd>
        <dt>Closed</dt>
        <dd>{when(detail.closed_at)}</dd>
        <dt>Client</dt>
        <dd>
          {detail.client_ip}
          {detail.user_agent ? ` · ${detail.user_agent}` : ''}
        </dd>
        <dt>Id</dt>
        <dd class="mono">{detail.id}</dd>
      </dl>
      <h3>Message</h3>
      {/* Text nodes only: a message is never parsed as HTML. */}
      <p class="message" data-testid="message">
        {detail.message ?? '—'}
      </p>
      <Attachments
        files={detail.timeline.find((item) => item.kind === 'request')?.attachments}
        label="Files of the request"
      />
    </>
  );
}

/** Earlier requests from the same address, each a link that opens it. */
export function History({ detail }: { detail: SubmissionDetail }) {
  if (detail.history.length === 0) {
    return null;
  }
  return (
    <>
      <h3 id="history-title">Earlier requests from this address</h3>
      <ul class="timeline" aria-labelledby="history-title">
        {detail.history.map((item) => (
          <li key={item.id}>
            <a href={`#/inbox?open=${item.id}`}>#{item.ref}</a>{' '}
            <span class={`badge status-${item.status}`}>{item.status}</span> · {when(item.created_at)}
          </li>
        ))}
      </ul>
    </>
  );
}
