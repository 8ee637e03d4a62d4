import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort, StartedProcess, track } from './processes';
import { waitUntil } from './wait';

/** The uid and gid of Debian's `mail` user: mail is stored as it (Dovecot refuses root). */
const MAIL_UID = 8;
const MAIL_GID = 8;

export interface Dovecot {
  port: number;
  user: string;
  password: string;
  /** The INBOUND_IMAP_URL of this server's inbox (plain imap://: tests only). */
  url: string;
  append: (raw: string | Buffer) => Promise<void>;
  /** The flags of every message in the inbox, in order. */
  flags: () => Promise<string[][]>;
  stop: () => Promise<void>;
}

/**
 * An IMAP server of the test's own from Debian's dovecot-imapd: its own config file, base_dir,
 * state_dir, log and maildir under a temporary folder, one passwd-file user, plain IMAP on a free
 * loopback port. Started in the foreground (-F) and stopped by pid; the system service is never used.
 */
export async function startDovecot(options: { oauth2IntrospectionUrl?: string } = {}): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), 'intake-dovecot-'));
  // Dovecot's auth and mail processes run as unprivileged users: they must reach the folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const [user, password] = ['intake', 'mailbox-secret-0123'];
  for (const sub of ['run', 'state', 'home']) {
    mkdirSync(join(dir, sub));
  }
  chownSync(join(dir, 'home'), MAIL_UID, MAIL_GID);
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  // With an OAuth2 provider: XOAUTH2 and OAUTHBEARER sign-ins are checked by its introspection
  // endpoint (RFC 7662), the token's `sub` must be the user, and a revoked token is refused.
  const oauth2 = options.oauth2IntrospectionUrl;
  if (oauth2) {
    writeFileSync(
      join(dir, 'oauth2.conf.ext'),
      `introspection_mode = post
introspection_url = ${oauth2}
force_introspection = yes
username_attribute = sub
active_attribute = active
active_value = true
`,
    );
  }
  writeFileSync(
    join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain${oauth2 ? ' xoauth2 oauthbearer' : ''}
first_valid_uid = ${MAIL_UID}
passdb {
  driver = passwd-file${oauth2 ? '\n  mechanisms = plain login' : ''}
  args = scheme=PLAIN username_format=%u ${dir}/users
}
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}`
    : ''
}
userdb {
  driver = static
  args = uid=${MAIL_UID} gid=${MAIL_GID} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
`,
  );
  const server: StartedProcess = track(
    spawn('/usr/sbin/dovecot', ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const log = () => {
    try {
      return readFileSync(join(dir, 'dovecot.log'), 'utf8');
    } catch {
      return '';
    }
  };
  await waitUntil(() => {
    if (server.child.exitCode !== null) {
      throw new Error(`dovecot exited: ${server.output()}${log()}`);
    }
    return log().includes('starting up');
  }, `dovecot on ${port}`);

  const session = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  };
  return {
    port,
    user,
    password,
    url: `imap://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    append: async (raw) => {
      await session((client) => client.append('INBOX', raw));
    },
    flags: () =>
      session(async (client) => {
        const lock = await client.getMailboxLock('INBOX');
        try {
          const all: string[][] = [];
          for await (const message of client.fetch('1:*', { flags: true })) {
            all.push([...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort());
          }
          return all;
        } finally {
          lock.release();
        }
      }),
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
