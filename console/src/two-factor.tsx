import QRCode from 'qrcode';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, Me, RecoveryCodes, TotpSetup } from './api';
import { CodeField, CopyButton, ErrorLine } from './parts';
import { useAction } from './use-action';

function failureText(caught: unknown): string {
  const failure = caught as ApiError;
  if (failure.message === 'Invalid code') {
    return 'That code is not right: type the one the app shows now.';
  }
  return failure.message || 'That did not work.';
}

/**
 * Your account, Two-factor sign-in: set up an authenticator app (a QR code made on this page from the
 * otpauth URL, never by another service; the secret to type by hand), confirm it with a first code,
 * see the ten recovery codes once; or turn it off with a code.
 */
export function TwoFactor({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const on = me.second_factors.includes('totp');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const { error, busy, run } = useAction(failureText);

  useEffect(() => {
    setQr(null);
    if (setup) {
      void QRCode.toDataURL(setup.otpauth_url, { margin: 2, width: 200 }).then(setQr);
    }
  }, [setup?.otpauth_url]);

  const start = () => run(async () => setSetup(await api<TotpSetup>('me/totp', { method: 'POST' })));
  const confirm = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const { recovery_codes } = await api<RecoveryCodes>('me/totp/confirm', {
        method: 'POST',
        body: { code: code.replace(/\s/g, '') },
      });
      setRecovery(recovery_codes);
      setSetup(null);
      setCode('');
    });
  };
  const turnOff = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      // Six digits are a code of the app; anything else is taken as a recovery code.
      const typed = code.replace(/\s/g, '');
      const body = /^\d{6}$/.test(typed) ? { code: typed } : { recovery_code: typed };
      await api<void>('me/totp', { method: 'DELETE', body });
      setCode('');
      onChanged();
    });
  };

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {recovery ? (
        <div class="secret" role="alert">
          <p>
            <strong>Your recovery codes.</strong> Keep them somewhere safe: each signs you in once if you lose your
            phone, and they are shown only this once.
          </p>
          <ol class="recovery-codes" aria-label="Recovery codes">
            {recovery.map((one) => (
              <li key={one}>
                <code>{one}</code>
              </li>
            ))}
          </ol>
          <div class="actions">
            <CopyButton text={recovery.join('\n')} />
            <button
              type="button"
              class="primary"
              onClick={() => {
                setRecovery(null);
                onChanged();
              }}
            >
              I have saved them
            </button>
          </div>
        </div>
      ) : on ? (
        <>
          <p>An authenticator app is set up: signing in asks for its code after your password.</p>
          <form class="stack-form" onSubmit={turnOff} aria-label="Turn off the authenticator app">
            <CodeField label="Code from the app, or a recovery code" numeric={false} value={code} onInput={setCode} />
            <ErrorLine error={error} />
            <button type="submit" disabled={busy}>
              Turn off
            </button>
          </form>
        </>
      ) : setup ? (
        <form class="stack-form" onSubmit={confirm} aria-label="Confirm the authenticator app">
          <p>Scan this code with your authenticator app, or type the key by hand; then type the code it shows.</p>
          {qr && <img class="qr" src={qr} width={200} height={200} alt="QR code of the authenticator app's key" />}
          <p>
            Key: <code class="totp-key">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <CodeField label="Code from the app" value={code} onInput={setCode} />
          <ErrorLine error={error} />
          <button type="submit" class="primary" disabled={busy}>
            Turn on
          </button>
        </form>
      ) : (
        <>
          <p>
            {me.second_factor_required
              ? 'Your administrators require a second factor: set up an authenticator app to go on.'
              : 'Off: a password alone signs you in. An authenticator app adds a code to each sign-in.'}
          </p>
          <ErrorLine error={error} />
          <button type="button" class="primary" disabled={busy} onClick={() => void start()}>
            Set up an authenticator app
          </button>
        </>
      )}
    </section>
  );
}
