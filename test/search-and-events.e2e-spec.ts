import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

interface Counts {
  new: number;
  open: number;
  pending: number;
  closed: number;
  spam: number;
}
interface EventView {
  action: string;
  actor: { id: string; name: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  names: Record<string, string>;
}

/**
 * Search across statuses (the list without a status, the counts of a search per status) and events that
 * carry the names of whom they mention, so the console can say "Ada assigned this to Grace".
 */
describe('search in every status, and events with names', () => {
  let t: TestApp;
  let ada: { id: string; cookie: string };
  let grace: { id: string; cookie: string };
  let access: string;
  // A word of this run only: other tests' rows in the shared tables never match it.
  const word = `zebra${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestApp();
    const adaAccount = await newStaffAccount(t, 'Ada Search', 'admin');
    const graceAccount = await newStaffAccount(t, 'Grace Search');
    ada = { id: adaAccount.id, cookie: await staffCookie(t, adaAccount.email) };
    grace = { id: graceAccount.id, cookie: await staffCookie(t, graceAccount.email) };
    access = (await issueTokens(t, (await t.createKey({ rateLimit: 1000 })).key)).access_token;
  });
  afterAll(() => t.close());

  const submit = async (message: string) =>
    (
      await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access}`)
        .send({ name: 'Searcher', message })
        .expect(200)
    ).body.id as string;
  const change = async (id: string, cookie: string, body: Record<string, unknown>) => {
    const current = await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
    await t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', cookie)
      .set('If-Match', current.headers.etag)
      .send(body)
      .expect(200);
  };

  it('finds matches in every status unless a status is given, and counts them per status', async () => {
    const fresh = await submit(`The ${word} printer is new`);
    const pending = await submit(`The ${word} scanner waits`);
    const closed = await submit(`The ${word} fax is done`);
    await submit('Nothing to find here');
    await change(pending, ada.cookie, { status: 'pending' });
    await change(closed, ada.cookie, { status: 'closed' });

    const everywhere = await t.http().get(`/staff/api/submissions?q=${word}`).set('Cookie', ada.cookie).expect(200);
    expect((everywhere.body.items as { id: string }[]).map((item) => item.id).sort()).toEqual(
      [fresh, pending, closed].sort(),
    );
    const onlyPending = await t
      .http()
      .get(`/staff/api/submissions?q=${word}&status=pending`)
      .set('Cookie', ada.cookie)
      .expect(200);
    expect((onlyPending.body.items as { id: string }[]).map((item) => item.id)).toEqual([pending]);

    const counts = (await t.http().get(`/staff/api/submissions/counts?q=${word}`).set('Cookie', ada.cookie).expect(200))
      .body as Counts;
    expect(counts).toEqual({ new: 1, open: 0, pending: 1, closed: 1, spam: 0, merged: 0 });
    const mine = (
      await t.http().get(`/staff/api/submissions/counts?q=${word}&assignee=me`).set('Cookie', ada.cookie).expect(200)
    ).body as Counts;
    expect(mine).toEqual({ new: 0, open: 0, pending: 0, closed: 0, spam: 0, merged: 0 });
    // The counts take the list's filters but not the status (every status is counted).
    await t
      .http()
      .get('/staff/api/submissions/counts?status=new')
      .set('Cookie', ada.cookie)
      .expect(400, { status: 'error', message: 'Unknown field: status' });
    await t
      .http()
      .get('/staff/api/submissions/counts?assignee=somebody')
      .set('Cookie', ada.cookie)
      .expect(400, { status: 'error', message: 'Invalid field: assignee' });
  });

  it("names the accounts an event mentions, in the detail's events and the audit log", async () => {
    const id = await submit('Assign me around');
    await change(id, ada.cookie, { assignee_id: grace.id });
    await change(id, grace.cookie, { status: 'pending' });

    const detail = await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', grace.cookie).expect(200);
    const events = detail.body.events as EventView[];
    const assigned = events.find((event) => event.action === 'submission.assigned')!;
    expect(assigned).toMatchObject({
      actor: { id: ada.id, name: 'Ada Search' },
      after: { assignee_id: grace.id },
      names: { [grace.id]: 'Grace Search' },
    });
    const status = events.find((event) => event.action === 'submission.status_changed')!;
    expect(status).toMatchObject({
      actor: { name: 'Grace Search' },
      before: { status: 'new' },
      after: { status: 'pending' },
    });

    const audit = await t
      .http()
      .get(`/staff/api/audit?target=${id}&action=submission.assigned`)
      .set('Cookie', ada.cookie)
      .expect(200);
    expect((audit.body.items as EventView[])[0].names).toEqual({ [grace.id]: 'Grace Search' });
  });
});
