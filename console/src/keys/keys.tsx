import { useEffect, useState } from 'preact/hooks';
import { api, ApiKey } from '../api';
import { when } from '../format';
import { CopyButton, DataTable, ErrorLine, OneTimeSecret } from '../parts';

/** API keys (admins): create (the key shown once), edit limits, revoke; each key's custom fields on a screen of their own. */
export function Keys() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [limit, setLimit] = useState('');
  const [windowSeconds, setWindowSeconds] = useState('');
  // The new key lives only in this component's state: never in storage, gone once dismissed.
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const load = async () => setKeys(await api<ApiKey[]>('keys'));
  useEffect(() => void load().catch((caught: Error) => setError(caught.message)), []);

  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const body: Record<string, unknown> = { name };
      if (limit) {
        body.rate_limit = Number(limit);
      }
      if (windowSeconds) {
        body.rate_window = Number(windowSeconds);
      }
      const key = await api<ApiKey & { key: string }>('keys', { method: 'POST', body });
      setCreated({ name: key.name, key: key.key });
      setName('');
      setLimit('');
      setWindowSeconds('');
      setError(null);
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const revoke = async (key: ApiKey) => {
    if (!window.confirm(`Revoke "${key.name}"? Clients using it stop working within seconds.`)) {
      return;
    }
    await api(`keys/${key.id}/revoke`, { method: 'POST' });
    await load();
  };

  const saveLimits = async (event: Event, key: ApiKey) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      await api(`keys/${key.id}`, {
        method: 'PATCH',
        body: {
          rate_limit: Number(form.get('rate_limit')),
          rate_window: Number(form.get('rate_window')),
          rate_block: Number(form.get('rate_block')),
          spam_filter: form.get('spam_filter') === 'on',
        },
      });
      setEditing(null);
      setError(null);
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <main class="page" aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      {created && (
        <OneTimeSecret
          heading={`The key for “${created.name}”.`}
          warning="Copy it now: it is shown only this once and cannot be recovered."
          secret={created.key}
          testId="new-key"
          actions={
            <>
              <CopyButton key={created.key} text={created.key} />
              <button type="button" onClick={() => setCreated(null)}>
                Done
              </button>
            </>
          }
        />
      )}
      <form class="inline-form" onSubmit={(event) => void create(event)} aria-label="Create an API key">
        <label>
          Name
          <input required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Requests per window
          <input
            type="number"
            min={1}
            value={limit}
            placeholder="default"
            onInput={(e) => setLimit(e.currentTarget.value)}
          />
        </label>
        <label>
          Window (s)
          <input
            type="number"
            min={1}
            value={windowSeconds}
            placeholder="default"
            onInput={(e) => setWindowSeconds(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="primary">
          Create key
        </button>
      </form>
      <ErrorLine error={error} />
      <DataTable columns={['Name', 'Key', 'Limit', 'Last used', 'State', '']}>
        {keys.map((key) => (
          <tr key={key.id}>
            <td>{key.name}</td>
            <td class="mono">{key.prefix}…</td>
            <td>
              {editing === key.id ? (
                <form
                  class="limits"
                  onSubmit={(event) => void saveLimits(event, key)}
                  aria-label={`Limits of ${key.name}`}
                >
                  <label>
                    Requests <input name="rate_limit" type="number" min={1} defaultValue={String(key.rate_limit)} />
                  </label>
                  <label>
                    Window (s) <input name="rate_window" type="number" min={1} defaultValue={String(key.rate_window)} />
                  </label>
                  <label>
                    Block (s) <input name="rate_block" type="number" min={1} defaultValue={String(key.rate_block)} />
                  </label>
                  <label>
                    <input name="spam_filter" type="checkbox" defaultChecked={key.spam_filter} /> Spam filter
                  </label>
                  <button type="submit">Save</button>
                  <button type="button" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                `${key.rate_limit} / ${key.rate_window} s`
              )}
            </td>
            <td>{when(key.last_used_at)}</td>
            <td>
              {key.revoked_at ? `revoked ${when(key.revoked_at)}` : 'active'}
              {!key.revoked_at && !key.spam_filter && ' · spam filter off'}
            </td>
            <td class="row-actions">
              {!key.revoked_at && editing !== key.id && (
                <>
                  <a class="button" href={`#/keys/${key.id}/fields`} aria-label={`Fields of ${key.name}`}>
                    Fields
                  </a>
                  <button type="button" onClick={() => setEditing(key.id)}>
                    Edit limits
                  </button>
                  <button type="button" class="danger" onClick={() => void revoke(key)}>
                    Revoke
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </main>
  );
}
