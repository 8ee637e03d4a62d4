import { useEffect, useState } from 'preact/hooks';
import { api, Me, StaffAccount } from './api';
import { when } from './format';
import { CopyButton, DataTable, ErrorLine, OneTimeSecret } from './parts';

/** What resetting an account's password gave: a one-time password (no SMTP), or where the link went. */
type ResetAnswer = { temporary_password: string } | { sent_to: string };

/** Staff accounts (admins): create (the password shown once), role, disable, reset a password; who is away. */
export function Staff({ me }: { me: Me }) {
  const [accounts, setAccounts] = useState<StaffAccount[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ email: '', name: '', role: 'agent' });
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  // A one-time password lives only here: never stored, gone once dismissed.
  const [reset, setReset] = useState<{ email: string; password: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);

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

  const resetPassword = (account: StaffAccount) => {
    const warning = `Reset the password of ${account.name}? Their sessions end, their API tokens are revoked and their current password stops working.`;
    if (!window.confirm(warning)) {
      return;
    }
    void act(async () => {
      setReset(null);
      setSent(null);
      const answer = await api<ResetAnswer>(`staff/${account.id}/password-reset`, { method: 'POST' });
      if ('temporary_password' in answer) {
        setReset({ email: account.email, password: answer.temporary_password });
      } else {
        setSent(answer.sent_to);
      }
    });
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
            <>
              <CopyButton key={created.password} text={created.password} />
              <button type="button" onClick={() => setCreated(null)}>
                Done
              </button>
            </>
          }
        />
      )}
      {reset && (
        <OneTimeSecret
          heading={`One-time password for ${reset.email}.`}
          warning="Hand it over now: it is shown only this once. Signing in with it, they must choose their own."
          secret={reset.password}
          testId="one-time-password"
          actions={
            <>
              <CopyButton key={reset.password} text={reset.password} />
              <button type="button" onClick={() => setReset(null)}>
                Done
              </button>
            </>
          }
        />
      )}
      {sent && (
        <p class="notice" role="status">
          A reset link was sent to {sent}. It works once, within the hour.
        </p>
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
      <DataTable columns={['Name', 'E-mail', 'Role', 'Last sign-in', 'State', '']}>
        {accounts.map((account) => (
          <tr key={account.id}>
            <td>
              {account.name}
              {/* Marked away by themselves (the header's switch): round-robin rules pass them over. */}
              {account.away && <span class="badge away-mark">away</span>}
            </td>
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
              {account.id === me.id
                ? 'you'
                : account.disabled_at
                  ? 'disabled'
                  : account.must_change_password
                    ? 'to choose a password'
                    : 'active'}
            </td>
            <td class="row-actions">
              {account.id !== me.id && (
                <>
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
                    <span class="sr-only"> {account.name}</span>
                  </button>
                  {!account.disabled_at && (
                    <button type="button" onClick={() => resetPassword(account)}>
                      Reset password<span class="sr-only"> of {account.name}</span>
                    </button>
                  )}
                </>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </main>
  );
}
