import { useRef, useState } from 'preact/hooks';
import { api, ApiError, Me, SubmissionDetail, TimelineItem } from '../api';
import { CannedReplyPicker } from '../canned-replies';
import { when } from '../format';
import { Attachments, ReplyFiles } from './attachments';
import { useReplyFiles } from './use-reply-files';

const LABELS: Record<TimelineItem['kind'], string> = {
  request: 'Request',
  merged_request: 'Merged request',
  reply: 'Reply',
  ack: 'Acknowledgement',
  customer: 'Customer',
  note: 'Note',
};

/**
 * The mail of one submission's timeline: replies (with their sending state, and a retry for a failed
 * one) and the customer's answers (new text, quoted history folded, HTML never rendered: every body is
 * a text node), in time order; then the reply box (Ctrl+Enter sends, Esc leaves it) with its
 * "Insert canned reply" menu (`cannedOpener` opens it: the `c` shortcut). The request and the notes
 * have their own sections of the page.
 */
export function Conversation({
  detail,
  me,
  onChanged,
  onConflict,
  cannedOpener,
}: {
  detail: SubmissionDetail;
  me: Me;
  onChanged: () => Promise<void>;
  onConflict: () => void;
  cannedOpener: { current: (() => void) | null };
}) {
  const [reply, setReply] = useState('');
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const replyFiles = useReplyFiles();

  const send = async () => {
    if (busy || reply.trim() === '' || replyFiles.uploading) {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api(`submissions/${detail.id}/replies`, {
        method: 'POST',
        body: replyFiles.uploadIds.length > 0 ? { body: reply, attachments: replyFiles.uploadIds } : { body: reply },
        ifMatch: `"${detail.version}"`,
      });
      setReply('');
      replyFiles.clear();
      await onChanged();
    } catch (caught) {
      if ((caught as ApiError).status === 412) {
        onConflict();
      } else {
        setError((caught as Error).message);
      }
    } finally {
      setBusy(false);
    }
  };
  // At the cursor (or over the selection) of the reply box, which keeps both while it is not focused.
  const insertAtCursor = (text: string) => {
    const box = replyBox.current;
    const start = box?.selectionStart ?? reply.length;
    const end = box?.selectionEnd ?? reply.length;
    setReply(reply.slice(0, start) + text + reply.slice(end));
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  const retry = async (messageId: string) => {
    try {
      await api(`messages/${messageId}/retry`, { method: 'POST' });
      await onChanged();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <>
      <h3 id="conversation-title">Conversation</h3>
      <ol class="conversation" aria-labelledby="conversation-title">
        {/* The request and the notes have sections of their own on this page: the mail between them here. */}
        {detail.timeline
          .filter((item) => item.kind !== 'request' && item.kind !== 'note')
          .map((item) => (
            <li key={item.id} class={`entry entry-${item.kind}`}>
              <p class="entry-head">
                <strong>{LABELS[item.kind]}</strong>
                {item.author ? ` · ${item.author}` : ''} · {when(item.created_at)}
                {item.state && item.state !== 'received' && (
                  <span class={`badge message-${item.state}`}>
                    {item.state === 'bounced' ? 'not delivered' : item.state}
                  </span>
                )}
                {item.from_other && <span class="badge">from another sender: {item.from}</span>}
                {item.merged_from && (
                  <span class="badge">
                    from merged #{item.merged_from.ref}
                    {item.from ? ` · ${item.from}` : ''}
                  </span>
                )}
                {item.automatic && <span class="badge">automatic</span>}
              </p>
              <p class="message">{item.body}</p>
              {item.quoted && (
                <details>
                  <summary>Quoted history</summary>
                  <p class="message quoted">{item.quoted}</p>
                </details>
              )}
              <Attachments files={item.attachments} label={`Files of the ${LABELS[item.kind].toLowerCase()}`} />
              {item.state === 'bounced' && (
                <p class="error-text">
                  Not delivered: the recipient&rsquo;s mail server sent it back ({item.last_error ?? 'no reason given'}
                  ).
                </p>
              )}
              {item.state === 'failed' && (
                <p class="error-text">
                  Not sent: {item.last_error ?? 'unknown error'}{' '}
                  <button type="button" onClick={() => void retry(item.id)}>
                    Send again
                  </button>
                </p>
              )}
            </li>
          ))}
        {!detail.timeline.some((item) => item.kind !== 'request' && item.kind !== 'note') && (
          <li class="muted">No reply yet.</li>
        )}
      </ol>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {detail.email ? (
        <form
          class="note-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
          // Files dropped anywhere on the reply box go with the reply.
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            replyFiles.add(event.dataTransfer?.files ?? []);
          }}
        >
          <label for="reply">Reply to {detail.email}</label>
          <textarea
            id="reply"
            ref={replyBox}
            rows={5}
            maxLength={20000}
            required
            value={reply}
            onInput={(e) => setReply(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void send();
              } else if (e.key === 'Escape') {
                e.currentTarget.blur();
              }
            }}
          />
          <CannedReplyPicker
            values={{ name: detail.name, ref: detail.ref, agent: me.name }}
            onInsert={insertAtCursor}
            onClose={() => replyBox.current?.focus()}
            opener={cannedOpener}
          />
          <ReplyFiles files={replyFiles} />
          <button type="submit" class="primary" disabled={busy || replyFiles.uploading}>
            Send reply
          </button>
          <span class="muted">Ctrl+Enter sends. Subject: [#{detail.ref}]</span>
        </form>
      ) : (
        <p class="muted">No e-mail address: this request cannot be answered by e-mail.</p>
      )}
    </>
  );
}
