import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, apiUrl, Me, SecondFactorNeeded, SignInOptions } from './api';
import { CodeField, ErrorLine } from './parts';
import { passkeyFailure, signInWithPasskey } from './passkeys';
import { ssoErrorText } from './route-errors';
import { useAction } from './use-action';

/** What a failed step says; on a 429, how long the lockout lasts. */
function failureText(caught: unknown, wrong: string): string {
  const failure = caught as ApiError;
  if (failure.status === 429) {
    const minutes = Math.max(1, Math.ceil((failure.retryAfter ?? 60) / 60));
    return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  if (failure.status === 401) {
    return failure.message === 'Invalid code' || failure.message === 'Invalid e-mail or password'
      ? wrong
      : failure.message;
  }
  return failure.message || 'Sign-in failed.';
}

/**
 * Sign-in: e-mail and password, then, for an account with a second factor, the code of its
 * authenticator app (or one of its recovery codes).
 */
export function SignIn({
  onSignedIn,
  params,
}: {
  onSignedIn: (me: Me, password: string) => void;
  /** The route's: `sso_error` (single sign-on refused) or `second_factor` (it needs one). */
  params: URLSearchParams;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [methods, setMethods] = useState<string[] | null>(params.get('second_factor')?.split(',') ?? null);
  const [options, setOptions] = useState<SignInOptions>({ password: true, sso: false });
  const { error, busy, run } = useAction((caught) =>
    caught instanceof ApiError ? failureText(caught, 'Invalid e-mail or password.') : passkeyFailure(caught),
  );
  useEffect(() => {
    api<SignInOptions>('sign-in-options').then(setOptions, () => undefined);
  }, []);

  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api<Me | SecondFactorNeeded>('login', { method: 'POST', body: { email, password } });
      if ('second_factor' in answer) {
        setMethods(answer.second_factor);
      } else {
        onSignedIn(answer, password);
      }
    });
  };

  if (methods) {
    return (
      <SecondStep
        methods={methods}
        onSignedIn={(me) => onSignedIn(me, password)}
        onRestart={() => {
          setMethods(null);
          setPassword('');
        }}
      />
    );
  }
  return (
    <main class="sign-in">
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Staff console</h1>
        <ErrorLine error={ssoErrorText(params.get('sso_error'))} />
        {options.sso && (
          <a class="button primary" href={apiUrl('../sso/start')}>
            Sign in with single sign-on
          </a>
        )}
        <button type="button" onClick={() => void run(async () => onSignedIn(await signInWithPasskey(), ''))}>
          Use a passkey
        </button>
        {options.password && (
          <>
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
            <button type="submit" class={options.sso ? undefined : 'primary'} disabled={busy}>
              Sign in
            </button>
          </>
        )}
        <ErrorLine error={error} />
      </form>
    </main>
  );
}

/** The second step: a code of the authenticator app, or a recovery code. */
function SecondStep({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: string[];
  onSignedIn: (me: Me) => void;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  /** An account with passkeys alone has no code to type. */
  const codes = methods.includes('totp');
  const { error, setError, busy, run } = useAction((caught) =>
    caught instanceof ApiError
      ? failureText(caught, recovery ? 'That recovery code does not work.' : 'That code is not right.')
      : passkeyFailure(caught),
  );

  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const body = recovery ? { recovery_code: code } : { code: code.replace(/\s/g, '') };
      onSignedIn(await api<Me>('login/second-factor', { method: 'POST', body }));
    });
  };

  return (
    <main class="sign-in">
      <form onSubmit={submit} aria-labelledby="second-step-title">
        <h1 id="second-step-title">Two-factor sign-in</h1>
        {codes && (
          <>
            <CodeField
              label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
              numeric={!recovery}
              value={code}
              onInput={setCode}
            />
            <button type="submit" class="primary" disabled={busy}>
              Verify
            </button>
          </>
        )}
        <ErrorLine error={error} />
        {methods.includes('passkey') && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(async () => onSignedIn(await signInWithPasskey()))}
          >
            Use a passkey
          </button>
        )}
        {methods.includes('recovery_code') && codes && (
          <button
            type="button"
            class="link"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </button>
        )}
        <button type="button" class="link" onClick={onRestart}>
          Start over
        </button>
      </form>
    </main>
  );
}
