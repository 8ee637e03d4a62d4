import { useState } from 'preact/hooks';
import { api, ApiError, Me } from './api';

/** Sign-in; on a 429 it says how long the lockout lasts. */
export function SignIn({ onSignedIn }: { onSignedIn: (me: Me, password: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api<Me>('login', { method: 'POST', body: { email, password } }), password);
    } catch (caught) {
      const failure = caught as ApiError;
      if (failure.status === 429) {
        const minutes = Math.max(1, Math.ceil((failure.retryAfter ?? 60) / 60));
        setError(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      } else if (failure.status === 401) {
        setError('Invalid e-mail or password.');
      } else {
        setError(failure.message || 'Sign-in failed.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <form onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Staff console</h1>
        <label>
          E-mail
          <input
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
