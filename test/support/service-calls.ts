import { randomBytes } from 'node:crypto';
import { ownDatabase } from './own-database';
import { cliJson, freePort, startService, StartedProcess } from './processes';
import { deleteKeysUnder } from './redis-keys';
import type { TestApp } from './test-app';

/**
 * The built CLI (`dist/cli.js`) with a service's settings (`env()`, read at each call): runs a
 * command with `--json` and answers its parsed line; `input` goes to standard input (a password).
 */
export function cliWith(env: () => Record<string, string>) {
  return (args: string[], input?: string): Promise<Record<string, unknown>> => cliJson(env(), args, input);
}

/** A staff member the suites make: who they are and the password they sign in with. */
export interface StaffMember {
  email: string;
  name: string;
  role: 'admin' | 'agent';
  password: string;
}

/** An admin's session on a running API process (see staffAdminAt). */
export interface StaffAdmin {
  id: string;
  /** POST /staff/api/<path> with a JSON body, expecting 201: the answer. */
  post: (path: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** POST /staff/api/staff with a chosen password: the new account's id. */
  createStaff: (member: StaffMember) => Promise<string>;
  /** POST /staff/api/keys: the new key's id and the key itself. */
  createKey: (name: string, settings?: { rate_limit?: number }) => Promise<{ id: string; key: string }>;
}

/**
 * The first admin of a running API process, made by the CLI as an operator does, and signed in over
 * the staff API: further accounts and keys are made through its session, as the console makes them.
 * One CLI call boots a whole process (about 2 s of CPU); a request to the running one costs next to
 * nothing, so a suite's set-up makes one call, not one per account.
 */
export async function staffAdminAt(
  base: string,
  env: Record<string, string>,
  admin: Omit<StaffMember, 'role'>,
): Promise<StaffAdmin> {
  const created = await cliJson(
    env,
    ['staff', 'create', '--email', admin.email, '--name', admin.name, '--role', 'admin', '--password-stdin', '--json'],
    admin.password,
  );
  const signIn = async (): Promise<string> => {
    const login = await fetch(`${base}/staff/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    if (login.status !== 200) {
      throw new Error(`POST /staff/api/login answered ${login.status}: ${await login.text()}`);
    }
    return login.headers.getSetCookie()[0].split(';')[0];
  };
  let cookie = await signIn();
  const post = async (path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const send = () =>
      fetch(`${base}/staff/api/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
    let response = await send();
    if (response.status === 401) {
      // The suite's own tests may end the admin's sessions (signing out everywhere): sign in again.
      cookie = await signIn();
      response = await send();
    }
    if (response.status !== 201) {
      throw new Error(`POST /staff/api/${path} answered ${response.status}: ${await response.text()}`);
    }
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    id: created.id as string,
    post,
    createStaff: async (member) => (await post('staff', { ...member })).id as string,
    createKey: async (name, settings = {}) => {
      const key = await post('keys', { name, ...settings });
      return { id: key.id as string, key: key.key as string };
    },
  };
}

/** POST /contact_api.php at `base` with an access token, as a client's form would; answers the id (expects 200). */
export async function submitTo(base: string, accessToken: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${base}/contact_api.php`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) {
    throw new Error(`POST /contact_api.php answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { id: string }).id;
}

/**
 * The requester answers by e-mail, as a mail provider forwards it to `POST /inbound/email`: from their
 * own address with `[#<ref>]` in the subject (matched to the submission). Answers the route's status.
 */
export async function customerAnswers(
  base: string,
  inboundToken: string,
  mail: { from: string; ref: string; messageId: string; text: string },
): Promise<number> {
  const raw = [
    `From: ${mail.from}`,
    'To: help@intake.test',
    `Subject: Re: [#${mail.ref}]`,
    `Message-ID: <${mail.messageId}>`,
    '',
    mail.text,
  ].join('\r\n');
  const response = await fetch(`${base}/inbound/email`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inboundToken}`, 'Content-Type': 'message/rfc822' },
    body: raw,
  });
  return response.status;
}

export interface ApiProcess {
  service: StartedProcess;
  /** Its settings (for the CLI, or a second process on the same database and Redis prefix). */
  env: Record<string, string>;
  base: string;
  /** Stops it, then removes its Redis keys and its database. */
  stop: () => Promise<void>;
}

/**
 * An API process (`node dist/main.js`, ROLE=api) on a free port (or `settings.PORT`, when another
 * server must know its address first), with a database and Redis prefix of its own.
 */
export async function startApiProcess(label: string, settings: Record<string, string> = {}): Promise<ApiProcess> {
  const database = await ownDatabase();
  const port = settings.PORT ? Number(settings.PORT) : await freePort();
  const env = {
    DATABASE_URL: database.url,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX}:${label}${randomBytes(3).toString('hex')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    ROLE: 'api',
    ...settings,
  };
  const service = await startService(env);
  return {
    service,
    env,
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await service.stop();
      await deleteKeysUnder(process.env.REDIS_URL!, env.REDIS_PREFIX);
      await database.drop();
    },
  };
}

/** POST /inbound/email with a raw message, as a mail provider's "forward the raw message" route sends it. */
export function postInboundMail(t: TestApp, token: string, raw: Buffer) {
  return t
    .http()
    .post('/inbound/email')
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'message/rfc822')
    .send(raw);
}
