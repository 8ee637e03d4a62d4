import { ownDatabase } from './support/own-database';
import { newStaffAccount, STAFF_PASSWORD } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Sessions staff can see and end (issue 40, point 6): listed with address, browser and method, ended
 * by their owner or an admin, and refused at once by another API process on the same Redis.
 */
describe('staff sessions', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    database = await ownDatabase();
    t = await createTestApp({ DATABASE_URL: database.url, STAFF_CHANNELS: 'webhooks', TRUST_PROXY: 'true' });
    // A second API process on the same database and Redis prefix.
    other = await createTestApp({
      TRUST_PROXY: 'true',
      DATABASE_URL: database.url,
      STAFF_CHANNELS: 'webhooks',
      REDIS_PREFIX: t.config.redis.prefix,
    });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
    await database.drop();
  });

  async function signIn(app: TestApp, email: string, ip: string, browser: string): Promise<string> {
    const response = await app
      .http()
      .post('/staff/api/login')
      .set('X-Forwarded-For', ip)
      .set('User-Agent', browser)
      .send({ email, password: STAFF_PASSWORD })
      .expect(200);
    return (response.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
  }

  it('lists your sessions with address, browser and method, and ends one: refused at once by another process', async () => {
    const account = await newStaffAccount(t, 'Sam Sessions');
    const laptop = await signIn(t, account.email, '10.20.0.1', 'Laptop Browser/1.0');
    const phone = await signIn(other, account.email, '10.20.0.2', 'Phone Browser/2.0');
    await other.http().get('/staff/api/me').set('Cookie', phone).expect(200);

    const listed = (await t.http().get('/staff/api/me/sessions').set('Cookie', laptop).expect(200)).body as {
      id: string;
      ip: string;
      user_agent: string;
      current: boolean;
      method: string;
      created_at: string;
      last_seen_at: string;
    }[];
    expect(
      listed
        .map(({ ip, user_agent, current, method }) => ({ ip, user_agent, current, method }))
        .sort((a, b) => a.ip.localeCompare(b.ip)),
    ).toEqual([
      { ip: '10.20.0.1', user_agent: 'Laptop Browser/1.0', current: true, method: 'password' },
      { ip: '10.20.0.2', user_agent: 'Phone Browser/2.0', current: false, method: 'password' },
    ]);
    // Most recently used first: the laptop's session just asked for the list.
    expect(listed[0].ip).toBe('10.20.0.1');
    expect(JSON.stringify(listed)).not.toContain(laptop.split('=')[1]);

    const phoneSession = listed.find((session) => !session.current)!;
    await t
      .http()
      .delete(`/staff/api/me/sessions/${phoneSession.id}`)
      .set('Cookie', laptop)
      .set('Content-Type', 'application/json')
      .expect(204);
    // Refused by the other process on its very next request: sessions are read from Redis each time.
    await other.http().get('/staff/api/me').set('Cookie', phone).expect(401);
    await t.http().get('/staff/api/me').set('Cookie', laptop).expect(200);
    expect((await t.http().get('/staff/api/me/sessions').set('Cookie', laptop).expect(200)).body).toHaveLength(1);
    await t
      .http()
      .delete(`/staff/api/me/sessions/${phoneSession.id}`)
      .set('Cookie', laptop)
      .set('Content-Type', 'application/json')
      .expect(404);
  });

  it("lets an admin list and end anyone's sessions, and nobody else's but their own", async () => {
    const admin = await newStaffAccount(t, 'Ada Sessions', 'admin');
    const agent = await newStaffAccount(t, 'Al Sessions');
    const adminCookie = await signIn(t, admin.email, '10.21.0.1', 'Admin Browser');
    const agentCookie = await signIn(t, agent.email, '10.21.0.2', 'Agent Browser');
    const sessions = (
      await t.http().get(`/staff/api/staff/${agent.id}/sessions`).set('Cookie', adminCookie).expect(200)
    ).body as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(false);
    // An agent can neither list nor end someone else's, even knowing the id.
    await t.http().get(`/staff/api/staff/${admin.id}/sessions`).set('Cookie', agentCookie).expect(403);
    const adminSessions = (await t.http().get('/staff/api/me/sessions').set('Cookie', adminCookie).expect(200))
      .body as {
      id: string;
    }[];
    await t
      .http()
      .delete(`/staff/api/me/sessions/${adminSessions[0].id}`)
      .set('Cookie', agentCookie)
      .set('Content-Type', 'application/json')
      .expect(404);
    await t.http().get('/staff/api/me').set('Cookie', adminCookie).expect(200);

    await t
      .http()
      .delete(`/staff/api/staff/${agent.id}/sessions/${sessions[0].id}`)
      .set('Cookie', adminCookie)
      .set('Content-Type', 'application/json')
      .expect(204);
    await t.http().get('/staff/api/me').set('Cookie', agentCookie).expect(401);
    await t
      .http()
      .get('/staff/api/staff/01a20093-2c13-73ce-ba5f-bebabadb9343/sessions')
      .set('Cookie', adminCookie)
      .expect(404);
    const audit = (
      await t.http().get('/staff/api/audit?action=staff.session_ended').set('Cookie', adminCookie).expect(200)
    ).body.items as { target_id: string; after: { by: string } }[];
    expect(audit.find((event) => event.target_id === agent.id)?.after).toEqual({ by: 'admin' });
  });
});
