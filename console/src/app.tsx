import { useEffect, useRef, useState } from 'preact/hooks';
import { Account, ChoosePassword, ResetPassword } from './account';
import { api, ApiKey, Me, Ref, whenSignedOut } from './api';
import { Audit } from './audit';
import { AwaySwitch } from './away';
import { CannedReplies } from './canned-replies';
import { Unmatched } from './unmatched';
import { Inbox } from './inbox/inbox';
import { KeyFields } from './keys/key-fields';
import { Keys } from './keys/keys';
import { setPageTitle, startLive, stopLive } from './live';
import { Reports } from './reports/reports';
import { Rules } from './rules/rules';
import { navigate, useRoute } from './router';
import { Settings } from './settings';
import { SignIn } from './sign-in';
import { Staff } from './staff';

const TITLES: Record<string, string> = {
  inbox: 'Inbox',
  keys: 'API keys',
  staff: 'Staff',
  audit: 'Audit',
  unmatched: 'Unmatched mail',
  'canned-replies': 'Canned replies',
  reports: 'Reports',
  rules: 'Rules',
  account: 'Your account',
  settings: 'Settings',
};

const SHORTCUTS: [string, string][] = [
  ['j / k', 'next / previous submission'],
  ['x', 'choose the submission for a bulk change, or not'],
  ['Enter', 'open the selected submission'],
  ['e', 'close the open submission'],
  ['a', 'assign the open submission to me'],
  ['p', 'set the priority of the open submission'],
  ['c', 'insert a canned reply into the reply box (Esc leaves the box first)'],
  ['u', 'show what is new on the open submission'],
  ['!', 'mark the open submission as spam, or as not spam'],
  ['/', 'search'],
  ['f', 'filters (unfolds them on a narrow screen)'],
  ['?', 'show this help'],
];

/** Signed in or not; the current hash route survives a sign-in (a session that expired mid-work). */
export function App() {
  const route = useRoute();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  // The one-time password just typed at sign-in, so the forced change does not ask for it again.
  const [oneTimePassword, setOneTimePassword] = useState<string | null>(null);
  const [keys, setKeys] = useState<Ref[]>([]);
  const [help, setHelp] = useState(false);
  const helpDialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    whenSignedOut(() => setMe(null));
    api<Me>('me').then(setMe, () => setMe(null));
  }, []);
  // One event stream per tab while signed in (new items count in the title, pages refresh on events).
  useEffect(() => {
    if (me) {
      startLive();
    } else {
      stopLive();
    }
  }, [me?.id]);
  useEffect(() => {
    if (me?.role === 'admin') {
      api<ApiKey[]>('keys').then(
        (all) => setKeys(all.map(({ id, name }) => ({ id, name }))),
        () => undefined,
      );
    }
  }, [me?.id]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key === '?' && !['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) {
        setHelp(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (help) {
      helpDialog.current?.showModal();
    } else {
      helpDialog.current?.close();
    }
  }, [help]);

  const page = me === null ? 'Sign in' : (TITLES[route.path.split('/')[1] ?? 'inbox'] ?? TITLES.inbox);
  useEffect(() => setPageTitle(`${page} — contact-intake`), [page]);

  if (route.path === '/reset') {
    return <ResetPassword token={route.params.get('token') ?? ''} />;
  }

  if (me === undefined) {
    return <p class="muted loading">Loading…</p>;
  }
  if (me === null) {
    return (
      <SignIn
        params={route.params}
        onSignedIn={(account, password) => {
          setOneTimePassword(account.must_change_password ? password : null);
          setMe(account);
        }}
      />
    );
  }
  const signOut = async () => {
    await api('logout', { method: 'POST' }).catch(() => undefined);
    setOneTimePassword(null);
    setMe(null);
    navigate('/inbox');
  };
  if (me.must_change_password) {
    return (
      <ChoosePassword
        me={me}
        oneTimePassword={oneTimePassword}
        onChosen={() => {
          setOneTimePassword(null);
          setMe({ ...me, must_change_password: false });
        }}
        onSignOut={() => void signOut()}
      />
    );
  }
  const reloadMe = () => void api<Me>('me').then(setMe, () => setMe(null));
  if (me.second_factor_required) {
    // STAFF_2FA_REQUIRED: nothing but setting up a second factor until there is one.
    return (
      <>
        <header class="top">
          <span class="brand">contact-intake</span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </header>
        <Account me={me} onChanged={reloadMe} />
      </>
    );
  }
  const admin = me.role === 'admin';
  const section = route.path.split('/')[1] ?? 'inbox';
  const adminOnly = ['keys', 'staff', 'audit', 'unmatched', 'settings'].includes(section) && !admin;
  return (
    <>
      <header class="top">
        <a class="brand" href="#/inbox">
          contact-intake
        </a>
        <nav aria-label="Sections">
          <a href="#/inbox" aria-current={section === 'inbox' ? 'page' : undefined}>
            Inbox
          </a>
          <a href="#/canned-replies" aria-current={section === 'canned-replies' ? 'page' : undefined}>
            Canned replies
          </a>
          <a href="#/reports" aria-current={section === 'reports' ? 'page' : undefined}>
            Reports
          </a>
          <a href="#/rules" aria-current={section === 'rules' ? 'page' : undefined}>
            Rules
          </a>
          {admin && (
            <>
              <a href="#/keys" aria-current={section === 'keys' ? 'page' : undefined}>
                API keys
              </a>
              <a href="#/staff" aria-current={section === 'staff' ? 'page' : undefined}>
                Staff
              </a>
              <a href="#/audit" aria-current={section === 'audit' ? 'page' : undefined}>
                Audit
              </a>
              <a href="#/unmatched" aria-current={section === 'unmatched' ? 'page' : undefined}>
                Unmatched mail
              </a>
              <a href="#/settings" aria-current={section === 'settings' ? 'page' : undefined}>
                Settings
              </a>
            </>
          )}
        </nav>
        <AwaySwitch me={me} onChanged={setMe} />
        <a class="who" href="#/account" title={me.email} aria-current={section === 'account' ? 'page' : undefined}>
          <span class="sr-only">Your account: </span>
          {me.name}
        </a>
        <button type="button" class="link" onClick={() => setHelp(true)} aria-label="Keyboard shortcuts">
          ?
        </button>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      {adminOnly ? (
        <main class="page">
          <p class="error" role="alert">
            This page is for admins.
          </p>
        </main>
      ) : section === 'canned-replies' ? (
        <CannedReplies me={me} />
      ) : section === 'reports' ? (
        <Reports route={route} me={me} keys={keys} />
      ) : section === 'rules' ? (
        <Rules me={me} keys={keys} />
      ) : section === 'keys' && route.path.endsWith('/fields') ? (
        <KeyFields keyId={route.path.split('/')[2] ?? ''} />
      ) : section === 'keys' ? (
        <Keys />
      ) : section === 'staff' ? (
        <Staff me={me} />
      ) : section === 'audit' ? (
        <Audit />
      ) : section === 'unmatched' ? (
        <Unmatched />
      ) : section === 'settings' ? (
        <Settings route={route} />
      ) : section === 'account' ? (
        <Account me={me} onChanged={reloadMe} />
      ) : (
        <main>
          <h1 class="sr-only">Inbox</h1>
          <Inbox route={route} me={me} keys={keys} />
        </main>
      )}
      <dialog ref={helpDialog} aria-labelledby="help-title" onClose={() => setHelp(false)}>
        <h2 id="help-title">Keyboard shortcuts</h2>
        <dl class="shortcuts">
          {SHORTCUTS.map(([keys, what]) => (
            <>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </>
          ))}
        </dl>
        <button type="button" onClick={() => setHelp(false)}>
          Close
        </button>
      </dialog>
    </>
  );
}
