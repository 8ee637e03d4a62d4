import { useEffect, useState } from 'preact/hooks';
import { api, Mailbox, MailboxConnect } from './api';
import { when } from './format';
import { ErrorLine } from './parts';
import { mailboxErrorText } from './route-errors';
import { navigate, Route } from './router';

const STATE: Record<Mailbox['state'], string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnecting',
  not_configured: 'Not connected',
};

const PROVIDER: Record<string, string> = {
  microsoft: 'Microsoft 365',
  google: 'Google',
  oidc: 'OpenID provider',
};

/**
 * Settings (admins): the mailbox customers answer to. An OAuth2 mailbox (MAIL_OAUTH_PROVIDER) is
 * connected here: Connect sends the browser to the provider, which sends it back with the outcome in
 * the route (?mailbox=connected or ?mailbox_error=<code>, shown in the console's own words).
 */
export function Settings({ route }: { route: Route }) {
  const [mailbox, setMailbox] = useState<Mailbox | null>(null);
  const [error, setError] = useState<string | null>(mailboxErrorText(route.params.get('mailbox_error')));
  const [busy, setBusy] = useState(false);
  const justConnected = route.params.get('mailbox') === 'connected';

  const load = async () => {
    try {
      setMailbox(await api<Mailbox>('mailbox'));
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  useEffect(() => void load(), []);

  const connect = async () => {
    setBusy(true);
    try {
      const { authorization_url } = await api<MailboxConnect>('mailbox/connect', { method: 'POST' });
      window.location.assign(authorization_url);
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  };
  const disconnect = async () => {
    if (
      !window.confirm('Disconnect the mailbox? Answers are not read and replies not sent until it is connected again.')
    ) {
      return;
    }
    try {
      await api('mailbox', { method: 'DELETE' });
      navigate('/settings');
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <main class="page" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <section aria-labelledby="settings-keys-title">
        <h2 id="settings-keys-title">API keys and their fields</h2>
        <p>
          <a href="#/keys">API keys</a>: each key's limits, and under Fields the questions its submissions answer beside
          the built-in ones.
        </p>
      </section>
      <section aria-labelledby="mailbox-title">
        <h2 id="mailbox-title">Mailbox</h2>
        {justConnected && mailbox?.state === 'connected' && (
          <p class="notice" role="status">
            The mailbox is connected.
          </p>
        )}
        <ErrorLine error={error} />
        {mailbox && (
          <>
            <dl class="fields">
              <dt>State</dt>
              <dd data-state={mailbox.state}>{STATE[mailbox.state]}</dd>
              <dt>Mailbox</dt>
              <dd>{mailbox.address ?? 'None: set INBOUND_IMAP_URL and/or SMTP_URL'}</dd>
              <dt>Signs in with</dt>
              <dd>
                {mailbox.auth === 'oauth2'
                  ? `OAuth2 (${PROVIDER[mailbox.provider ?? 'oidc']})`
                  : mailbox.auth === 'password'
                    ? 'A password (in the URLs)'
                    : '—'}
              </dd>
              <dt>Last poll</dt>
              <dd>{when(mailbox.last_poll_at)}</dd>
              {mailbox.connected_at && (
                <>
                  <dt>Connected</dt>
                  <dd>{when(mailbox.connected_at)}</dd>
                </>
              )}
              {mailbox.last_error && (
                <>
                  <dt>Last error</dt>
                  <dd class="error">{mailbox.last_error}</dd>
                </>
              )}
            </dl>
            {mailbox.auth === 'oauth2' && (
              <p class="actions">
                <button type="button" class="primary" disabled={busy} onClick={() => void connect()}>
                  {mailbox.state === 'not_configured' ? 'Connect' : 'Reconnect'}
                </button>
                {mailbox.state !== 'not_configured' && (
                  <button type="button" onClick={() => void disconnect()}>
                    Disconnect
                  </button>
                )}
              </p>
            )}
            {mailbox.auth === 'oauth2' && (
              <p class="muted">
                Connect opens the provider's sign-in: sign in as {mailbox.address} and allow access. The service then
                reads and sends the mailbox's mail with that grant.
              </p>
            )}
          </>
        )}
      </section>
    </main>
  );
}
