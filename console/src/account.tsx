import { useState } from 'preact/hooks';
import { api, ApiError, Me } from './api';
import { ErrorLine } from './parts';
import { navigate } from './router';
import { Passkeys } from './passkeys';
import { Sessions } from './sessions';
import { TwoFactor } from './two-factor';

/** The API's messages are phrases ("the current password is wrong"): shown as sentences. */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

function failureText(caught: unknown): string {
  const failure = caught as ApiError;
  if (failure.status === 429) {
    const minutes = Math.max(1, Math.ceil((failure.retryAfter ?? 60) / 60));
    return `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  return sentence(failure.message || 'That did not work.');
}

function PasswordField(props: {
  label: string;
  autocomplete: 'current-password' | 'new-password';
  describedBy?: string;
  value: string;
  onInput: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="password"
        autocomplete={props.autocomplete}
        required
        aria-describedby={props.describedBy}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}

/**
 * New password and its confirmation (and the current one unless it is known): the API judges the
 * password; the form only checks that the two copies match.
 */
function PasswordForm({
  label,
  current,
  submitLabel,
  send,
}: {
  label: string;
  /** The current password's field label, or null when the caller already has it. */
  current: string | null;
  submitLabel: string;
  send: (currentPassword: string, newPassword: string) => Promise<void>;
}) {
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (values.next !== values.confirm) {
      setError('The new password and its confirmation differ.');
      return;
    }
    setBusy(true);
    try {
      await send(values.current, values.next);
      setValues({ current: '', next: '', confirm: '' });
      setError(null);
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="stack-form" onSubmit={(event) => void submit(event)} aria-label={label}>
      {current !== null && (
        <PasswordField
          label={current}
          autocomplete="current-password"
          value={values.current}
          onInput={(current) => setValues({ ...values, current })}
        />
      )}
      <PasswordField
        label="New password"
        autocomplete="new-password"
        describedBy="password-rule"
        value={values.next}
        onInput={(next) => setValues({ ...values, next })}
      />
      <p id="password-rule" class="muted hint">
        At least 12 characters; a few unrelated words make a good one.
      </p>
      <PasswordField
        label="Confirm new password"
        autocomplete="new-password"
        value={values.confirm}
        onInput={(confirm) => setValues({ ...values, confirm })}
      />
      <ErrorLine error={error} />
      <button type="submit" class="primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

const changeOwn = (current: string, next: string) =>
  api<void>('me/password', { method: 'POST', body: { current_password: current, new_password: next } });

/** Your account: who you are signed in as, changing your password, and two-factor sign-in. */
export function Account({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const [changed, setChanged] = useState(false);
  return (
    <main class="page narrow" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <dl class="fields">
        <dt>Name</dt>
        <dd>{me.name}</dd>
        <dt>E-mail</dt>
        <dd>{me.email}</dd>
        <dt>Role</dt>
        <dd>{me.role}</dd>
      </dl>
      <TwoFactor me={me} onChanged={onChanged} />
      <Passkeys onChanged={onChanged} />
      {!me.second_factor_required && <Sessions />}
      <h2>Change password</h2>
      {changed && (
        <p class="notice" role="status">
          Your password was changed. Your other sessions were signed out.
        </p>
      )}
      <PasswordForm
        label="Change password"
        current="Current password"
        submitLabel="Change password"
        send={async (current, next) => {
          setChanged(false);
          await changeOwn(current, next);
          setChanged(true);
        }}
      />
    </main>
  );
}

/**
 * Signed in with a one-time password an admin gave: nothing else until the person chooses their own.
 * `oneTimePassword` is what they just typed at sign-in (kept in memory only); after a reload it is
 * asked for again.
 */
export function ChoosePassword({
  me,
  oneTimePassword,
  onChosen,
  onSignOut,
}: {
  me: Me;
  oneTimePassword: string | null;
  onChosen: () => void;
  onSignOut: () => void;
}) {
  return (
    <main class="sign-in">
      <div class="panel">
        <h1 id="choose-title">Choose your password</h1>
        <p>
          You signed in as {me.email} with a one-time password. Choose your own to go on; the one-time password then
          stops working.
        </p>
        <PasswordForm
          label="Choose your password"
          current={oneTimePassword === null ? 'One-time password' : null}
          submitLabel="Save password"
          send={async (current, next) => {
            await changeOwn(oneTimePassword ?? current, next);
            onChosen();
          }}
        />
        <button type="button" class="link" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </main>
  );
}

/** The page a reset link opens (`#/reset?token=...`): choose a new password, then sign in with it. */
export function ResetPassword({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  return (
    <main class="sign-in">
      <div class="panel">
        <h1>Choose a new password</h1>
        {done ? (
          <>
            <p class="notice" role="status">
              Your new password is set.
            </p>
            <button type="button" class="primary" onClick={() => navigate('/inbox')}>
              Go to sign-in
            </button>
          </>
        ) : (
          <PasswordForm
            label="Choose a new password"
            current={null}
            submitLabel="Set password"
            send={async (_current, next) => {
              await api<void>('password-reset', { method: 'POST', body: { token, new_password: next } });
              setDone(true);
            }}
          />
        )}
      </div>
    </main>
  );
}
