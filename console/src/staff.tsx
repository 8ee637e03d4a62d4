import { useEffect, useState } from 'preact/hooks';
import { api, Me, StaffAccount } from './api';
import { when } from './format';
import { DataTable, ErrorLine, OneTimeSecret } from './parts';

/** Staff accounts (admins): create (the password shown once), role, disable. */
export function Staff({ me }: { me: Me }) {
  const [accounts, setAccounts] = useState<StaffAccount[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ email: '', name: '', role: 'agent' });
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);

  const load = async () => setAccounts(await api<StaffAccount[]>('staff'));
  useEffect(() => void load().catch((caught: Error) => setError(caught.message)), []);

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(null);
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const create = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const account = await api<StaffAccount & { password: string }>('staff', { method: 'POST', body: form });
      setCreated({ email: account.email, password: account.password });
      setForm({ email: '', name: '', role: 'agent' });
    });
  };

  return (
    <main class="page" aria-labelledby="staff-title">
      <h1 id="staff-title">Staff accounts</h1>
      {created && (
        <OneTimeSecret
          heading={`Password for ${created.email}.`}
          warning="Hand it over now: it is shown only this once."
          secret={created.password}
          actions={
            <button type="button" onClick={() => setCreated(null)}>
              Done
            </button>
          }
        />
      )}
      <form class="inline-form" onSubmit={create} aria-label="Create a staff account">
        <label>
          E-mail
          <input
            type="email"
            required
            value={form.email}
            onInput={(e) => setForm({ ...form, email: e.currentTarget.value })}
          />
        </label>
        <label>
          Name
          <input required value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} />
        </label>
        <label>
          Role
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.currentTarget.value })}>
            <option value="agent">agent</option>
            <option value="admin">admin</option>
          </select>
        </label>
        <button type="submit" class="primary">
          Create account
        </button>
      </form>
      <ErrorLine error={error} />
      <DataTable columns={['Name', 'E-mail', 'Role', 'Last sign-in', 'State']}>
        {accounts.map((account) => (
          <tr key={account.id}>
            <td>{account.name}</td>
            <td>{account.email}</td>
            <td>
              <select
                aria-label={`Role of ${account.name}`}
                value={account.role}
                disabled={account.id === me.id}
                onChange={(e) =>
                  void act(() => api(`staff/${account.id}`, { method: 'PATCH', body: { role: e.currentTarget.value } }))
                }
              >
                <option value="agent">agent</option>
                <option value="admin">admin</option>
              </select>
            </td>
            <td>{when(account.last_login_at)}</td>
            <td>
              {account.id === me.id ? (
                'you'
              ) : (
                <button
                  type="button"
                  class={account.disabled_at ? '' : 'danger'}
                  onClick={() =>
                    void act(() =>
                      api(`staff/${account.id}`, { method: 'PATCH', body: { disabled: !account.disabled_at } }),
                    )
                  }
                >
                  {account.disabled_at ? 'Enable' : 'Disable'}
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </main>
  );
}
