import { useEffect, useState } from 'preact/hooks';
import { api, AuditEvent, Page, StaffAccount } from './api';
import { describeEvent } from './events';
import { when } from './format';
import { DataTable, ErrorLine } from './parts';

/** The audit log (admins), newest first, with filters. */
export function Audit() {
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [accounts, setAccounts] = useState<StaffAccount[]>([]);
  const [filters, setFilters] = useState({ actor: '', action: '', from: '', to: '' });
  const [error, setError] = useState<string | null>(null);

  const query = (extra: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries({ ...filters, ...extra }).map(([name, value]) => [name, value || undefined]));

  useEffect(() => {
    void api<StaffAccount[]>('staff').then(setAccounts, () => undefined);
  }, []);
  useEffect(() => {
    void api<Page<AuditEvent>>('audit', {}, query()).then(
      (page) => {
        setEvents(page.items);
        setCursor(page.next_cursor);
        setError(null);
      },
      (caught: Error) => setError(caught.message),
    );
  }, [JSON.stringify(filters)]);

  const more = async () => {
    const page = await api<Page<AuditEvent>>('audit', {}, query({ cursor: cursor ?? '' }));
    setEvents([...events, ...page.items]);
    setCursor(page.next_cursor);
  };

  return (
    <main class="page" aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <form class="inline-form" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
        <label>
          Who
          <select value={filters.actor} onChange={(e) => setFilters({ ...filters, actor: e.currentTarget.value })}>
            <option value="">anyone</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <input
            placeholder="e.g. submission.status_changed"
            value={filters.action}
            onChange={(e) => setFilters({ ...filters, action: e.currentTarget.value.trim() })}
          />
        </label>
        <label>
          From
          <input
            type="date"
            value={filters.from}
            onChange={(e) => setFilters({ ...filters, from: e.currentTarget.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={filters.to}
            onChange={(e) => setFilters({ ...filters, to: e.currentTarget.value })}
          />
        </label>
      </form>
      <ErrorLine error={error} />
      <DataTable columns={['When', 'What happened', 'Details']}>
        {events.map((event) => (
          <tr key={event.id}>
            <td>{when(event.created_at)}</td>
            <td>
              {describeEvent(event)}
              {event.target_type === 'submission' && event.target_id && (
                <>
                  {' '}
                  <a href={`#/inbox?status=all&open=${event.target_id}`}>Open the submission</a>
                </>
              )}
            </td>
            <td>
              <details>
                <summary>Raw change</summary>
                <dl class="raw-change">
                  <dt>Action</dt>
                  <dd class="mono">{event.action}</dd>
                  {event.target_id && (
                    <>
                      <dt>Target</dt>
                      <dd class="mono">
                        {event.target_type} {event.target_id}
                      </dd>
                    </>
                  )}
                  {event.before && (
                    <>
                      <dt>Before</dt>
                      <dd class="mono">{JSON.stringify(event.before)}</dd>
                    </>
                  )}
                  {event.after && (
                    <>
                      <dt>After</dt>
                      <dd class="mono">{JSON.stringify(event.after)}</dd>
                    </>
                  )}
                  {event.ip && (
                    <>
                      <dt>IP</dt>
                      <dd class="mono">{event.ip}</dd>
                    </>
                  )}
                </dl>
              </details>
            </td>
          </tr>
        ))}
      </DataTable>
      {cursor && (
        <button type="button" class="load-more" onClick={() => void more()}>
          Load more
        </button>
      )}
    </main>
  );
}
