import { simpleParser } from 'mailparser';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CLI_ACTOR } from '../src/audit/actor';
import { StaffAccountsService } from '../src/staff-accounts/staff-accounts.service';
import {
  INVALID_RESET_LINK,
  OWN_RESET,
  RESET_MAIL_FAILED,
  SAME_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from '../src/staff-accounts/staff-passwords.service';
import { StaffTokensService } from '../src/staff-accounts/staff-tokens.service';
import { freePort, startService, StartedProcess } from './support/processes';
import { SmtpSink } from './support/smtp-sink';
import { newStaffAccount, STAFF_PASSWORD } from './support/staff';
import { createKeysAndAccounts, RoomContext } from './support/room-context';
import { uniquePrefix } from './support/test-app';
import { waitUntil } from './support/wait';
import { PASSWORD_CHANGE_REQUIRED } from '../src/staff-auth/staff-admission';

const TOO_SHORT = 'the password must be at least 12 characters long';
const TOO_LONG = 'the password must be at most 1024 characters long';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** `name=value` of a session cookie the answer set, if any. */
  cookie?: string;
}

/**
 * Passwords over HTTP, against two real API processes on the run's database and one Redis prefix: one
 * without SMTP_URL (an admin's reset gives a one-time password) and one with SMTP_URL pointing at a
 * capture server (a reset mails a link). Both log verbosely; no password or token may appear in what
 * they print.
 */
describe('staff passwords over HTTP', () => {
  let helper: RoomContext;
  let plain: StartedProcess;
  let mailing: StartedProcess;
  let plainBase: string;
  let mailingBase: string;
  const sink = new SmtpSink();
  /** Every secret the tests saw: none may be in the processes' output. */
  const secrets: string[] = [STAFF_PASSWORD];
  let clients = 0;
  let ip = '';

  beforeAll(async () => {
    const prefix = uniquePrefix();
    await sink.start();
    const [plainPort, mailingPort] = [await freePort(), await freePort()];
    const common = { ROLE: 'api', HOST: '127.0.0.1', REDIS_PREFIX: prefix, HEALTH_PORT: '0', TRUST_PROXY: 'true' };
    // One after the other: a failed start leaves no process behind.
    plain = await startService({ ...common, PORT: String(plainPort), LOG_LEVEL: 'verbose' });
    mailing = await startService({
      ...common,
      PORT: String(mailingPort),
      LOG_LEVEL: 'verbose',
      SMTP_URL: sink.url,
      REPLY_FROM: 'console@example.com',
      PUBLIC_URL: 'https://console.example.com',
    });
    plainBase = `http://127.0.0.1:${plainPort}`;
    mailingBase = `http://127.0.0.1:${mailingPort}`;
    helper = await createKeysAndAccounts({ REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    await helper?.close();
    expect(await plain?.stop()).toBe(0);
    expect(await mailing?.stop()).toBe(0);
    await sink.stop();
  });
  // Each test is a client of its own, so the per-IP budget of one never refuses another.
  beforeEach(() => (ip = `10.26.8.${++clients}`));

  async function call(
    base: string,
    method: 'GET' | 'POST',
    path: string,
    options: { cookie?: string; token?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'X-Forwarded-For': ip };
    if (options.cookie) {
      headers.Cookie = options.cookie;
    }
    if (options.token) {
      headers.Authorization = `Bearer ${options.token}`;
    }
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(`${base}/staff/api/${path}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
    });
    const text = await response.text();
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => /^ci_staff=./.test(pair));
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, cookie };
  }
  const signIn = (base: string, email: string, password: string) =>
    call(base, 'POST', 'login', { body: { email, password } });
  const cookieOf = async (base: string, email: string, password = STAFF_PASSWORD) => {
    const answer = await signIn(base, email, password);
    expect(answer.status).toBe(200);
    return answer.cookie!;
  };
  const tokenOf = async (accountId: string) => {
    const { token } = await helper.app.get(StaffTokensService).create(accountId, 'automation', CLI_ACTOR);
    secrets.push(token);
    return token;
  };
  /** A session or token stops working within the contract's 5 seconds. */
  const until401 = (probe: () => Promise<Answer>, what: string) =>
    waitUntil(async () => (await probe()).status === 401, what, 5_000);
  const auditActions = async (accountId: string): Promise<string[]> => {
    const rows = await helper.app
      .get(DataSource)
      .query<{ action: string }[]>(
        "SELECT action FROM audit_events WHERE target_type = 'staff' AND target_id = ? ORDER BY id",
        [accountId],
      );
    return rows.map((row) => row.action);
  };

  it('changes your own password: other sessions end, this one goes on under a new cookie, st_ tokens stay', async () => {
    const account = await newStaffAccount(helper, 'Changer');
    const here = await cookieOf(plainBase, account.email);
    const elsewhere = await cookieOf(plainBase, account.email);
    const token = await tokenOf(account.id);
    const next = `changed ${randomBytes(6).toString('hex')}`;
    secrets.push(next);

    const changed = await call(plainBase, 'POST', 'me/password', {
      cookie: here,
      body: { current_password: STAFF_PASSWORD, new_password: next },
    });
    expect(changed.status).toBe(204);
    expect(changed.cookie).toBeDefined();
    expect(changed.cookie).not.toBe(here);

    expect((await call(plainBase, 'GET', 'me', { cookie: changed.cookie })).status).toBe(200);
    await until401(() => call(plainBase, 'GET', 'me', { cookie: elsewhere }), 'the other session to end');
    await until401(() => call(plainBase, 'GET', 'me', { cookie: here }), 'the replaced session to end');
    expect((await call(plainBase, 'GET', 'me', { token })).status).toBe(200);
    expect((await signIn(plainBase, account.email, STAFF_PASSWORD)).status).toBe(401);
    expect((await signIn(plainBase, account.email, next)).status).toBe(200);
    expect(await auditActions(account.id)).toContain('staff.password_changed');
  });

  it('refuses a short, over-long or unchanged new password (400, nothing counted) and a wrong current one (400, counted as a failed sign-in until 429)', async () => {
    const account = await newStaffAccount(helper, 'Guesser');
    const cookie = await cookieOf(plainBase, account.email);
    const change = (current: string, next: string) =>
      call(plainBase, 'POST', 'me/password', { cookie, body: { current_password: current, new_password: next } });

    expect((await change(STAFF_PASSWORD, 'too short')).body).toEqual({ status: 'error', message: TOO_SHORT });
    expect((await change(STAFF_PASSWORD, 'x'.repeat(1025))).body).toEqual({ status: 'error', message: TOO_LONG });
    expect((await change(STAFF_PASSWORD, STAFF_PASSWORD)).body).toEqual({ status: 'error', message: SAME_PASSWORD });
    expect(
      (await call(plainBase, 'POST', 'me/password', { cookie, body: { new_password: 'whatever long' } })).body,
    ).toEqual({ status: 'error', message: 'Missing field: current_password' });
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await change(`wrong guess number ${guess}`, 'a perfectly fine new one');
      expect([wrong.status, wrong.body.message]).toEqual([400, WRONG_CURRENT_PASSWORD]);
    }
    // The account's budget is spent: even the right password is refused now, here and at sign-in.
    expect((await change(STAFF_PASSWORD, 'a perfectly fine new one')).status).toBe(429);
    ip = '10.26.9.1';
    expect((await signIn(plainBase, account.email, STAFF_PASSWORD)).status).toBe(429);
    expect(await auditActions(account.id)).toContain('staff.password_change_failed');
    expect(await auditActions(account.id)).not.toContain('staff.password_changed');
  });

  it('lets an admin reset another account to a one-time password: its sessions and tokens end, it signs in once with it and may do nothing but choose its own', async () => {
    const admin = await newStaffAccount(helper, 'Resetting Admin', 'admin');
    const agent = await newStaffAccount(helper, 'Forgetful Agent');
    const adminCookie = await cookieOf(plainBase, admin.email);
    const agentCookie = await cookieOf(plainBase, agent.email);
    const agentToken = await tokenOf(agent.id);

    const reset = await call(plainBase, 'POST', `staff/${agent.id}/password-reset`, { cookie: adminCookie });
    expect(reset.status).toBe(200);
    const temporary = reset.body.temporary_password as string;
    secrets.push(temporary);
    expect(Object.keys(reset.body)).toEqual(['temporary_password']);
    expect(temporary).toMatch(/^[A-Za-z0-9]{20}$/);
    await until401(() => call(plainBase, 'GET', 'me', { cookie: agentCookie }), "the agent's session to end");
    expect((await call(plainBase, 'GET', 'me', { token: agentToken })).status).toBe(401);
    expect((await signIn(plainBase, agent.email, STAFF_PASSWORD)).status).toBe(401);

    const signedIn = await signIn(plainBase, agent.email, temporary);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.must_change_password).toBe(true);
    const held = signedIn.cookie!;
    expect((await call(plainBase, 'GET', 'me', { cookie: held })).body.must_change_password).toBe(true);
    expect((await call(plainBase, 'GET', 'submissions', { cookie: held })).body).toEqual({
      status: 'error',
      message: PASSWORD_CHANGE_REQUIRED,
    });
    const chosen = `chosen ${randomBytes(6).toString('hex')}`;
    secrets.push(chosen);
    const changed = await call(plainBase, 'POST', 'me/password', {
      cookie: held,
      body: { current_password: temporary, new_password: chosen },
    });
    expect(changed.status).toBe(204);
    expect((await call(plainBase, 'GET', 'submissions', { cookie: changed.cookie })).status).toBe(200);
    expect((await call(plainBase, 'GET', 'me', { cookie: changed.cookie })).body.must_change_password).toBe(false);
    // The one-time password is spent.
    expect((await signIn(plainBase, agent.email, temporary)).status).toBe(401);
    expect((await signIn(plainBase, agent.email, chosen)).body.must_change_password).toBe(false);
    expect(await auditActions(agent.id)).toEqual(
      expect.arrayContaining(['staff.password_reset', 'staff.password_changed']),
    );
  });

  it('refuses a reset of your own password, by an agent, of an unknown or a disabled account', async () => {
    const admin = await newStaffAccount(helper, 'Careful Admin', 'admin');
    const agent = await newStaffAccount(helper, 'Curious Agent');
    const adminCookie = await cookieOf(plainBase, admin.email);
    const agentCookie = await cookieOf(plainBase, agent.email);
    const reset = (cookie: string, id: string) => call(plainBase, 'POST', `staff/${id}/password-reset`, { cookie });

    expect((await reset(adminCookie, admin.id)).body).toEqual({ status: 'error', message: OWN_RESET });
    expect((await reset(agentCookie, admin.id)).status).toBe(403);
    expect((await reset(adminCookie, '0190aaaa-0000-7000-8000-000000000000')).status).toBe(404);
    await helper.app.get(StaffAccountsService).setDisabled(agent.id, true, CLI_ACTOR);
    expect((await reset(adminCookie, agent.id)).status).toBe(409);
  });

  describe('with SMTP_URL', () => {
    const mailTo = async (address: string, count: number) => {
      await waitUntil(() => sink.received.filter((mail) => mail.to.includes(address)).length >= count, 'the mail');
      return simpleParser(sink.received.filter((mail) => mail.to.includes(address))[count - 1].raw);
    };
    const tokenIn = (text: string) => {
      const token = /https:\/\/console\.example\.com\/staff\/#\/reset\?token=([A-Za-z0-9_-]+)/.exec(text)![1];
      secrets.push(token);
      return token;
    };
    const useLink = (token: string, next: string) =>
      call(mailingBase, 'POST', 'password-reset', { body: { token, new_password: next } });

    it("mails a link to the account's address (202) that sets a new password once; the old password and sessions end at the reset", async () => {
      const admin = await newStaffAccount(helper, 'Mailing Admin', 'admin');
      const agent = await newStaffAccount(helper, 'Linked Agent');
      const adminCookie = await cookieOf(mailingBase, admin.email);
      const agentCookie = await cookieOf(mailingBase, agent.email);
      const agentToken = await tokenOf(agent.id);

      const reset = await call(mailingBase, 'POST', `staff/${agent.id}/password-reset`, { cookie: adminCookie });
      expect(reset).toMatchObject({ status: 202, body: { sent_to: agent.email } });
      const mail = await mailTo(agent.email, 1);
      expect(mail.subject).toBe('Choose a new password for the staff console');
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      const token = tokenIn(mail.text!);
      await until401(() => call(mailingBase, 'GET', 'me', { cookie: agentCookie }), "the agent's session to end");
      expect((await call(mailingBase, 'GET', 'me', { token: agentToken })).status).toBe(401);
      expect((await signIn(mailingBase, agent.email, STAFF_PASSWORD)).status).toBe(401);

      // A refused password does not use the link up.
      expect((await useLink(token, 'short')).body).toEqual({ status: 'error', message: TOO_SHORT });
      const chosen = `linked ${randomBytes(6).toString('hex')}`;
      secrets.push(chosen);
      expect((await useLink(token, chosen)).status).toBe(204);
      const signedIn = await signIn(mailingBase, agent.email, chosen);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.must_change_password).toBe(false);
      expect((await useLink(token, 'another long passphrase')).body).toEqual({
        status: 'error',
        message: INVALID_RESET_LINK,
      });
      expect(await auditActions(agent.id)).toEqual(
        expect.arrayContaining(['staff.password_reset', 'staff.password_changed']),
      );
    });

    it('refuses an expired link, one replaced by a newer link, and a made-up one', async () => {
      const admin = await newStaffAccount(helper, 'Expiring Admin', 'admin');
      const agent = await newStaffAccount(helper, 'Slow Agent');
      const adminCookie = await cookieOf(mailingBase, admin.email);
      const reset = () => call(mailingBase, 'POST', `staff/${agent.id}/password-reset`, { cookie: adminCookie });

      expect((await reset()).status).toBe(202);
      const first = tokenIn((await mailTo(agent.email, 1)).text!);
      expect((await reset()).status).toBe(202);
      const second = tokenIn((await mailTo(agent.email, 2)).text!);
      expect((await useLink(first, 'a long enough new one')).body.message).toBe(INVALID_RESET_LINK);
      // An hour later.
      await helper.app
        .get(DataSource)
        .query(
          'UPDATE staff_password_resets SET expires_at = NOW(3) - INTERVAL 1 SECOND, created_at = NOW(3) - INTERVAL 1 HOUR WHERE staff_account_id = ?',
          [agent.id],
        );
      expect((await useLink(second, 'a long enough new one')).body.message).toBe(INVALID_RESET_LINK);
      expect((await useLink(randomBytes(32).toString('base64url'), 'a long enough new one')).status).toBe(400);
      const left = await helper.app
        .get(DataSource)
        .query<unknown[]>('SELECT id FROM staff_password_resets WHERE staff_account_id = ?', [agent.id]);
      expect(left).toEqual([]);
    });

    it('kills a reset link when its account is disabled: it works neither while disabled nor once the account is enabled again', async () => {
      const admin = await newStaffAccount(helper, 'Disabling Admin', 'admin');
      const agent = await newStaffAccount(helper, 'Departing Agent');
      const adminCookie = await cookieOf(mailingBase, admin.email);
      const reset = await call(mailingBase, 'POST', `staff/${agent.id}/password-reset`, { cookie: adminCookie });
      expect(reset.status).toBe(202);
      const token = tokenIn((await mailTo(agent.email, 1)).text!);

      const accounts = helper.app.get(StaffAccountsService);
      await accounts.setDisabled(agent.id, true, CLI_ACTOR);
      expect((await useLink(token, 'a passphrase while away')).body.message).toBe(INVALID_RESET_LINK);
      await accounts.setDisabled(agent.id, false, CLI_ACTOR);
      expect((await useLink(token, 'a passphrase once back')).body).toEqual({
        status: 'error',
        message: INVALID_RESET_LINK,
      });
      const left = await helper.app
        .get(DataSource)
        .query<unknown[]>('SELECT id FROM staff_password_resets WHERE staff_account_id = ?', [agent.id]);
      expect(left).toEqual([]);
      expect((await signIn(mailingBase, agent.email, 'a passphrase once back')).status).toBe(401);
    });

    it('answers 502 and changes nothing when the SMTP server refuses the mail', async () => {
      const admin = await newStaffAccount(helper, 'Unlucky Admin', 'admin');
      const agent = await newStaffAccount(helper, 'Unaffected Agent');
      const adminCookie = await cookieOf(mailingBase, admin.email);
      const agentCookie = await cookieOf(mailingBase, agent.email);
      sink.rejectNext = 1;
      const reset = await call(mailingBase, 'POST', `staff/${agent.id}/password-reset`, { cookie: adminCookie });
      expect(reset.body).toEqual({ status: 'error', message: RESET_MAIL_FAILED });
      expect(reset.status).toBe(502);
      expect((await call(mailingBase, 'GET', 'me', { cookie: agentCookie })).status).toBe(200);
      expect((await signIn(mailingBase, agent.email, STAFF_PASSWORD)).status).toBe(200);
      expect(await auditActions(agent.id)).not.toContain('staff.password_reset');
    });
  });

  it('prints no password, one-time password or reset token in either process output', () => {
    const output = plain.output() + mailing.output();
    expect(output).toContain('Listening on');
    for (const secret of secrets) {
      expect(output).not.toContain(secret);
    }
  });
});
