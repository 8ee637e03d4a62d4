import { CLI_ACTOR } from '../src/audit/actor';
import { StaffTokensService } from '../src/staff-accounts/staff-tokens.service';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, STAFF_PASSWORD, staffCookie } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';
import { runCli } from './support/processes';

interface AuditItem {
  action: string;
  actor_type: string;
  actor: { id: string } | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('staff administration', () => {
  let t: TestApp;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let admin: { id: string; cookie: string };
  let agentCookie: string;

  const as = (cookie: string) => ({
    get: (path: string) => t.http().get(`/staff/api${path}`).set('Cookie', cookie),
    post: (path: string, body: object = {}) => t.http().post(`/staff/api${path}`).set('Cookie', cookie).send(body),
    patch: (path: string, body: object) => t.http().patch(`/staff/api${path}`).set('Cookie', cookie).send(body),
  });
  const auditActions = async (query = '') =>
    ((await as(admin.cookie).get(`/audit?limit=100${query}`).expect(200)).body.items as AuditItem[]).reverse();

  beforeAll(async () => {
    const database = await ownDatabase();
    databaseUrl = database.url;
    drop = database.drop;
    t = await createTestApp({ DATABASE_URL: databaseUrl });
    const adminAccount = await newStaffAccount(t, 'Admin', 'admin');
    admin = { id: adminAccount.id, cookie: await staffCookie(t, adminAccount.email) };
    agentCookie = await staffCookie(t, (await newStaffAccount(t, 'Agent')).email);
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  const ADMIN_ROUTES: [string, string][] = [
    ['GET', '/keys'],
    ['POST', '/keys'],
    ['PATCH', '/keys/0190aaaa-0000-7000-8000-000000000000'],
    ['POST', '/keys/0190aaaa-0000-7000-8000-000000000000/revoke'],
    ['GET', '/staff'],
    ['POST', '/staff'],
    ['PATCH', '/staff/0190aaaa-0000-7000-8000-000000000000'],
    ['GET', '/audit'],
  ];

  it.each(ADMIN_ROUTES)('%s %s: 401 without a session, 403 for an agent', async (method, path) => {
    const call = (cookie?: string) => {
      const req = t.http()[method.toLowerCase() as 'get' | 'post' | 'patch'](`/staff/api${path}`);
      if (cookie) {
        req.set('Cookie', cookie);
      }
      return method === 'GET' ? req : req.send({ name: 'x' });
    };
    expect((await call().expect(401)).body).toEqual({ status: 'error', message: 'Authentication required' });
    expect((await call(agentCookie).expect(403)).body).toEqual({ status: 'error', message: 'Forbidden' });
  });

  it('manages API keys: created key shown once and working, renamed, limits changed, revoked', async () => {
    const created = await as(admin.cookie).post('/keys', { name: ' Partner ', rate_limit: 5 }).expect(201);
    expect(created.body).toMatchObject({
      name: 'Partner',
      rate_limit: 5,
      revoked_at: null,
      key: expect.stringMatching(/^ck_/),
    });
    await t.http().post('/auth.php').set('X-API-KEY', created.body.key).expect(200);
    const listed = (await as(admin.cookie).get('/keys').expect(200)).body as Record<string, unknown>[];
    const row = listed.find((key) => key.id === created.body.id)!;
    expect(row).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(created.body.key);

    const changed = await as(admin.cookie)
      .patch(`/keys/${created.body.id}`, { name: 'Partner GmbH', rate_window: 120 })
      .expect(200);
    expect(changed.body).toMatchObject({ name: 'Partner GmbH', rate_limit: 5, rate_window: 120 });
    for (const [body, message] of [
      [{ rate_limit: 0 }, 'Invalid field: rate_limit'],
      [{ rate_window: 'soon' }, 'Invalid field: rate_window'],
      [{ key: 'x' }, 'Unknown field: key'],
    ] as const) {
      expect((await as(admin.cookie).patch(`/keys/${created.body.id}`, body).expect(400)).body).toEqual({
        status: 'error',
        message,
      });
    }
    expect((await as(admin.cookie).post('/keys', {}).expect(400)).body.message).toBe('Missing field: name');

    const revoked = await as(admin.cookie)
      .post(`/keys/${created.body.id}/revoke`)
      .set('Content-Type', 'application/json')
      .expect(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    await t.http().post('/auth.php').set('X-API-KEY', created.body.key).expect(401);
    const missing = await as(admin.cookie)
      .patch('/keys/0190aaaa-0000-7000-8000-000000000000', { name: 'x' })
      .expect(404);
    expect(missing.body).toEqual({ status: 'error', message: 'Not found' });
  });

  it('manages staff accounts: create (password shown once), role, disable; refuses a short password and a duplicate', async () => {
    const created = await as(admin.cookie)
      .post('/staff', { email: 'New.Agent@Example.com', name: 'New Agent', role: 'agent' })
      .expect(201);
    expect(created.body).toMatchObject({ email: 'new.agent@example.com', role: 'agent', disabled_at: null });
    expect(created.body.password.length).toBeGreaterThanOrEqual(12);
    const cookie = await t
      .http()
      .post('/staff/api/login')
      .send({ email: 'new.agent@example.com', password: created.body.password })
      .expect(200);
    const newCookie = (cookie.headers['set-cookie'] as unknown as string[])[0].split(';')[0];

    const short = await as(admin.cookie)
      .post('/staff', { email: 'short@example.com', name: 'Short', role: 'agent', password: 'too short' })
      .expect(400);
    expect(short.body).toEqual({ status: 'error', message: 'the password must be at least 12 characters long' });
    const duplicate = await as(admin.cookie)
      .post('/staff', { email: 'NEW.agent@example.com', name: 'Again', role: 'agent' })
      .expect(409);
    expect(duplicate.body.status).toBe('error');
    // An address with an invisible character is no staff address; a look-alike is another address.
    const hidden = await as(admin.cookie)
      .post('/staff', { email: 'new.agent\u200b@example.com', name: 'Hidden', role: 'agent' })
      .expect(400);
    expect(hidden.body).toEqual({
      status: 'error',
      message: 'the e-mail address is not valid (no invisible or control characters)',
    });
    const accented = await as(admin.cookie)
      .post('/staff', { email: 'new.ägent@example.com', name: 'Accented', role: 'agent' })
      .expect(201);
    expect(accented.body).toMatchObject({ email: 'new.ägent@example.com' });
    expect(
      (await as(admin.cookie).post('/staff', { email: 'x@example.com', name: 'X', role: 'owner' }).expect(400)).body
        .message,
    ).toBe('Invalid field: role');

    const promoted = await as(admin.cookie)
      .patch(`/staff/${created.body.id}`, { role: 'admin', name: 'Lead' })
      .expect(200);
    expect(promoted.body).toMatchObject({ role: 'admin', name: 'Lead' });
    await as(newCookie).get('/audit').expect(200);
    await as(admin.cookie).patch(`/staff/${created.body.id}`, { disabled: true }).expect(200);
    // Disabling ends the account's sessions within 5 seconds (the account cache, moved past by the clock).
    t.clock.advance(5_000);
    await as(newCookie).get('/me').expect(401);

    const self = await as(admin.cookie).patch(`/staff/${admin.id}`, { disabled: true }).expect(400);
    expect(self.body.message).toBe('You cannot disable your own account or take away its admin role');
    await as(admin.cookie).patch(`/staff/${admin.id}`, { role: 'agent' }).expect(400);
    const listed = (await as(admin.cookie).get('/staff').expect(200)).body as {
      id: string;
      disabled_at: string | null;
    }[];
    expect(listed.find((account) => account.id === created.body.id)?.disabled_at).toEqual(expect.any(String));
    // No password material (`must_change_password` is a flag, not one).
    expect(JSON.stringify(listed)).not.toMatch(/"password(_hash)?"|\$argon2/);
  });

  it('accepts a staff API token with its account rights', async () => {
    const { token } = await t.app.get(StaffTokensService).create(admin.id, 'automation', CLI_ACTOR);
    await t.http().get('/staff/api/keys').set('Authorization', `Bearer ${token}`).expect(200);
    const agent = await newStaffAccount(t, 'Scripted');
    const agentToken = (await t.app.get(StaffTokensService).create(agent.id, 'script', CLI_ACTOR)).token;
    await t.http().get('/staff/api/keys').set('Authorization', `Bearer ${agentToken}`).expect(403);
    await t.http().get('/staff/api/submissions').set('Authorization', `Bearer ${agentToken}`).expect(200);
  });

  it('records exactly the scripted sequence of actions in the audit, the CLI and sign-ins included', async () => {
    const start = (await auditActions()).length;
    const account = await newStaffAccount(t, 'Audited');
    await t.http().post('/staff/api/login').send({ email: account.email, password: 'not the password' }).expect(401);
    await t.http().post('/staff/api/login').send({ email: 'nobody@example.com', password: STAFF_PASSWORD }).expect(401);
    const cookie = await staffCookie(t, account.email);
    const key = (await as(admin.cookie).post('/keys', { name: 'Audited key' }).expect(201)).body as { id: string };
    await as(admin.cookie).patch(`/keys/${key.id}`, { rate_limit: 7 }).expect(200);
    await as(admin.cookie).patch(`/keys/${key.id}`, { rate_limit: 7 }).expect(200); // no change: no event
    await as(admin.cookie).patch(`/staff/${account.id}`, { name: 'Audited Agent' }).expect(200);
    await runCli(['keys', 'revoke', key.id], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' },
    });
    await t.http().post('/staff/api/logout').set('Cookie', cookie).set('Content-Type', 'application/json').expect(204);

    const events = (await auditActions()).slice(start);
    expect(events.map((event) => [event.action, event.actor_type, event.actor?.id ?? null, event.target_id])).toEqual([
      ['staff.created', 'cli', null, account.id],
      ['staff.login_failed', 'staff', null, account.id],
      ['staff.login_failed', 'staff', null, null],
      ['staff.login', 'staff', account.id, account.id],
      ['api_key.created', 'staff', admin.id, key.id],
      ['api_key.updated', 'staff', admin.id, key.id],
      ['staff.updated', 'staff', admin.id, account.id],
      ['api_key.revoked', 'cli', null, key.id],
      ['staff.logout', 'staff', account.id, account.id],
    ]);
    expect(events[1].after).toEqual({ reason: 'wrong password' });
    expect(events[5]).toMatchObject({
      before: { rate_limit: t.config.rateLimit.defaultLimit },
      after: { rate_limit: 7 },
    });
    expect(events[6]).toMatchObject({ before: { name: 'Audited' }, after: { name: 'Audited Agent' } });
    expect(JSON.stringify(events)).not.toContain('not the password');
    expect(JSON.stringify(events)).not.toContain(STAFF_PASSWORD);
  });

  it('filters the audit by actor and action and pages it by cursor', async () => {
    const byAdmin = (await as(admin.cookie).get(`/audit?actor=${admin.id}&limit=100`).expect(200)).body
      .items as AuditItem[];
    expect(byAdmin.length).toBeGreaterThan(3);
    expect(byAdmin.every((event) => event.actor?.id === admin.id)).toBe(true);
    const logins = (await as(admin.cookie).get('/audit?action=staff.login&limit=100').expect(200)).body
      .items as AuditItem[];
    expect(logins.length).toBeGreaterThan(1);
    expect(logins.every((event) => event.action === 'staff.login')).toBe(true);

    const all = (await as(admin.cookie).get('/audit?limit=100').expect(200)).body.items as { id: string }[];
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await as(admin.cookie)
        .get(`/audit?limit=4${cursor ? `&cursor=${cursor}` : ''}`)
        .expect(200);
      paged.push(...(body.items as { id: string }[]).map((event) => event.id));
      cursor = body.next_cursor as string | null;
    } while (cursor);
    expect(paged).toEqual(all.map((event) => event.id));
    expect((await as(admin.cookie).get('/audit?actor=someone').expect(400)).body.message).toBe('Invalid field: actor');
  });
  it('answers an id with white space, or anything but a UUID, as an unknown one (404) on every :id route: no self-demotion by `<own id>%20`', async () => {
    for (const spelling of [`${admin.id}%20`, `%20${admin.id}`, `${admin.id}%09`, `${admin.id}%0A`, `${admin.id}x`]) {
      for (const body of [{ role: 'agent' }, { disabled: true }]) {
        const answer = await as(admin.cookie).patch(`/staff/${spelling}`, body);
        expect(answer.body).toEqual({ status: 'error', message: 'Not found' });
        expect(answer.status).toBe(404);
      }
    }
    expect((await as(admin.cookie).get('/me').expect(200)).body.role).toBe('admin');

    // Other nouns: an existing row, named with a trailing space, is not found either (and not changed).
    const { id: keyId, key } = await t.createKey({ name: 'Spaced key' });
    expect((await as(admin.cookie).patch(`/keys/${keyId}%20`, { name: 'Renamed' })).status).toBe(404);
    expect((await as(admin.cookie).post(`/keys/${keyId}%20/revoke`)).status).toBe(404);
    const keys = (await as(admin.cookie).get('/keys').expect(200)).body as { id: string; name: string }[];
    expect(keys.find((row) => row.id === keyId)?.name).toBe('Spaced key');
    const { access_token } = (await t.http().post('/auth.php').set('X-API-KEY', key).expect(200)).body as {
      access_token: string;
    };
    const submitted = (
      await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access_token}`)
        .send({ name: 'Spaced' })
        .expect(200)
    ).body as { id: string };
    expect((await as(admin.cookie).get(`/submissions/${submitted.id}%20`)).status).toBe(404);
    expect((await as(admin.cookie).post(`/submissions/${submitted.id}%20/notes`, { body: 'x' })).status).toBe(404);
    expect((await as(admin.cookie).get('/submissions/not-an-id')).status).toBe(404);
    const canned = (await as(admin.cookie).post('/canned-replies', { title: 'Spaced', body: 'Hello' }).expect(201))
      .body as { id: string };
    expect((await as(admin.cookie).patch(`/canned-replies/${canned.id}%20`, { body: 'Changed' })).status).toBe(404);
    // The canonical spelling, in any letter case, still names the row.
    await as(admin.cookie).get(`/submissions/${submitted.id.toUpperCase()}`).expect(200);
  });
});
