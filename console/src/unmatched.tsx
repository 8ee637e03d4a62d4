import { useEffect, useState } from 'preact/hooks';
import { api, Page, UnmatchedMail } from './api';
import { when } from './format';
import { DataTable, ErrorLine } from './parts';

/** Why a kept message is here, in words. */
const WHY: Record<UnmatchedMail['reason'], string> = {
  unmatched: 'Matched no submission',
  too_slow: 'Unreadable: took too long to read',
  too_much_memory: 'Unreadable: too large to read',
  malformed: 'Unreadable: broken or hostile MIME',
  failed: 'Unreadable: could not be taken',
};

/** Inbound mail that matched no submission, or could not be read (admins): kept, never attached to a guess. */
export function Unmatched() {
  const [mails, setMails] = useState<UnmatchedMail[]>([]);
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async (after?: string) => {
    try {
      const page = await api<Page<UnmatchedMail> & { total: number }>('inbound/unmatched', {}, { cursor: after });
      setMails(after ? [...mails, ...page.items] : page.items);
      setCursor(page.next_cursor);
      setTotal(page.total);
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  useEffect(() => void load(), []);

  return (
    <main class="page" aria-labelledby="unmatched-title">
      <h1 id="unmatched-title">Unmatched mail</h1>
      <p class="muted">
        {total} message{total === 1 ? '' : 's'} that answered no submission we know (no reply address, thread or
        reference of ours), or that could not be read (only what their first headers said is kept).
      </p>
      <ErrorLine error={error} />
      <DataTable columns={['Received', 'Why', 'From', 'Subject', 'Size']}>
        {mails.map((mail) => (
          <tr key={mail.id}>
            <td>{when(mail.received_at)}</td>
            <td>{WHY[mail.reason] ?? mail.reason}</td>
            <td>{mail.unreadable ? `Unreadable: ${mail.unreadable}` : (mail.from ?? '—')}</td>
            <td>{mail.subject ?? '—'}</td>
            <td>{mail.size} bytes</td>
          </tr>
        ))}
      </DataTable>
      {cursor && (
        <button type="button" onClick={() => void load(cursor)}>
          Load more
        </button>
      )}
    </main>
  );
}
