import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, Me, Passkey } from './api';
import { when } from './format';
import { DataTable, ErrorLine } from './parts';
import { useAction } from './use-action';

/** What a refused ceremony says: the service's refusal, or the browser's own (cancelled, no authenticator). */
export function passkeyFailure(caught: unknown): string {
  if (caught instanceof ApiError) {
    return caught.message;
  }
  const { name, message } = (caught ?? {}) as { name?: string; message?: string };
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey was not used (cancelled, or it took too long).';
  }
  return message || 'The passkey did not work.';
}

/** Signs in with a passkey: on its own, or as the second step of a sign-in (the service knows which by its cookie). */
export async function signInWithPasskey(): Promise<Me> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('login/passkey/options', { method: 'POST' });
  const response = await startAuthentication({ optionsJSON });
  return api<Me>('login/passkey', { method: 'POST', body: { response } });
}

/** Your account, Passkeys: add one (the browser asks the device), see them, remove one. */
export function Passkeys({ onChanged }: { onChanged: () => void }) {
  const [passkeys, setPasskeys] = useState<Passkey[]>([]);
  const [name, setName] = useState('');
  const { error, busy, run } = useAction(passkeyFailure);

  const load = () => run(async () => setPasskeys(await api<Passkey[]>('me/passkeys')));
  useEffect(() => void load(), []);

  const add = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('me/passkeys/options', { method: 'POST' });
      const response = await startRegistration({ optionsJSON });
      await api<Passkey>('me/passkeys', { method: 'POST', body: { name, response } });
      setName('');
      setPasskeys(await api<Passkey[]>('me/passkeys'));
      onChanged();
    });
  };
  const remove = (id: string) =>
    void run(async () => {
      await api<void>(`me/passkeys/${id}`, { method: 'DELETE' });
      setPasskeys(await api<Passkey[]>('me/passkeys'));
      onChanged();
    });

  return (
    <section aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>
        A passkey signs you in with your device's fingerprint, face or PIN instead of a password and code, and serves as
        a second factor after a password.
      </p>
      {passkeys.length > 0 && (
        <DataTable columns={['Name', 'Added', 'Last used', 'Action']}>
          {passkeys.map((passkey) => (
            <tr key={passkey.id}>
              <td>{passkey.name}</td>
              <td>{when(passkey.created_at)}</td>
              <td>{when(passkey.last_used_at)}</td>
              <td>
                <button type="button" onClick={() => remove(passkey.id)}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form class="stack-form" onSubmit={add} aria-label="Add a passkey">
        <label>
          Name of the new passkey
          <input type="text" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <ErrorLine error={error} />
        <button type="submit" disabled={busy}>
          Add a passkey
        </button>
      </form>
    </section>
  );
}
