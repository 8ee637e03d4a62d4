import { useEffect, useState } from 'preact/hooks';
import { api, StaffSession } from './api';
import { when } from './format';
import { DataTable, ErrorLine } from './parts';

const METHOD: Record<string, string> = {
  password: 'Password',
  'password+totp': 'Password and authenticator app',
  'password+recovery_code': 'Password and recovery code',
  'password+passkey': 'Password and passkey',
  passkey: 'Passkey',
  sso: 'Single sign-on',
  'sso+totp': 'Single sign-on and authenticator app',
  'sso+recovery_code': 'Single sign-on and recovery code',
  'sso+passkey': 'Single sign-on and passkey',
  'sso+mfa': "Single sign-on with the provider's second factor",
};

/** A browser's name from its User-Agent, roughly: enough to tell a laptop from a phone. */
function browserOf(userAgent: string | null): string {
  if (!userAgent) {
    return 'Unknown browser';
  }
  const name = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1]?.replace('Edg', 'Edge');
  const system = /(Android|iPhone|iPad|Windows|Mac OS X|Linux)/.exec(userAgent)?.[1]?.replace('Mac OS X', 'macOS');
  return name ? `${name}${system ? ` on ${system}` : ''}` : userAgent.slice(0, 60);
}

/** Your account, Sessions: where you are signed in, and a way to end each (this one stays). */
export function Sessions() {
  const [sessions, setSessions] = useState<StaffSession[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    try {
      setSessions(await api<StaffSession[]>('me/sessions'));
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  useEffect(() => void load(), []);

  const end = async (id: string) => {
    try {
      await api<void>(`me/sessions/${id}`, { method: 'DELETE' });
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <ErrorLine error={error} />
      <DataTable columns={['Browser', 'Address', 'Signed in', 'Last used', 'How', 'Action']}>
        {sessions.map((session) => (
          <tr key={session.id}>
            <td>{browserOf(session.user_agent)}</td>
            <td>{session.ip ?? '—'}</td>
            <td>{when(session.created_at)}</td>
            <td>{when(session.last_seen_at)}</td>
            <td>{METHOD[session.method] ?? session.method}</td>
            <td>
              {session.current ? (
                <span class="muted">This session</span>
              ) : (
                <button type="button" onClick={() => void end(session.id)}>
                  End session
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
