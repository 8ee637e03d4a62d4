import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

interface HistoryItem {
  id: string;
  ref: string;
  status: string;
}

/** The detail lists the same person's other requests, in clear and with encryption at rest. */
describe.each([
  ['in clear', {}],
  ['with DATA_ENCRYPTION_KEYS', { DATA_ENCRYPTION_KEYS: `h1:${Buffer.alloc(32, 9).toString('base64')}` }],
])('customer history (%s)', (_label, settings: Record<string, string>) => {
  let t: TestApp;
  let cookie: string;
  let access: string;
  beforeAll(async () => {
    t = await createTestApp(settings);
    const agent = await newStaffAccount(t, 'History agent');
    cookie = await staffCookie(t, agent.email);
    access = (await issueTokens(t, (await t.createKey({ rateLimit: 1000 })).key)).access_token;
  });
  afterAll(() => t.close());

  const submit = async (email: string | undefined, name: string) =>
    (
      await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access}`)
        .send({ name, ...(email ? { email } : {}) })
        .expect(200)
    ).body.id as string;
  const historyOf = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body
      .history as HistoryItem[];

  it('lists the other submissions of the same address, newest first, never another address', async () => {
    const address = `history.${Date.now()}.${Object.keys(settings).length}@example.com`;
    const first = await submit(address, 'First');
    const second = await submit(address.toUpperCase().replace('EXAMPLE.COM', 'example.com'), 'Second');
    await submit(`other.${address}`, 'Someone else');
    const third = await submit(address, 'Third');
    const history = await historyOf(third);
    expect(history.map((item) => item.id)).toEqual([second, first]);
    expect(history[0]).toEqual({ id: second, ref: refOf(second), status: 'new', created_at: expect.any(String) });
    expect((await historyOf(first)).map((item) => item.id)).toEqual([third, second]);
    expect(await historyOf(await submit(undefined, 'No address'))).toEqual([]);
  });
});
