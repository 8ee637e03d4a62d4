import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

// One app with the default settings for the file: tags and priority, and search and events, were two
// files booting the same app. Each describe makes its own accounts, key and labels or words, so neither
// sees the other's submissions in its lists and counts.
let shared: TestApp;
beforeAll(async () => (shared = await createTestApp()));
afterAll(() => shared.close());

interface Item {
  id: string;
  status: string;
  version: number;
  priority: string;
  tags: string[];
}

/** Tags and priority on a submission (issue 26, point 3), through HTTP, on the run's shared database. */
describe('staff: tags and priority', () => {
  let t: TestApp;
  let agent: string;
  let admin: string;
  let token: string;
  // Labels of this file's own, so filters and counts see only its submissions.
  const run = randomBytes(3).toString('hex');
  const label = (name: string) => `${name}-${run}`;

  const submit = async (body: Record<string, unknown>): Promise<string> =>
    (await t.http().post('/contact_api.php').set('Authorization', `Bearer ${token}`).send(body).expect(200)).body
      .id as string;
  const get = (path: string, cookie = agent) => t.http().get(`/staff/api${path}`).set('Cookie', cookie);
  const detail = async (id: string) => (await get(`/submissions/${id}`).expect(200)).body as Item & { events: [] };
  const patch = (id: string, body: unknown, ifMatch?: string) => {
    const request = t.http().patch(`/staff/api/submissions/${id}`).set('Cookie', agent);
    return (ifMatch === undefined ? request : request.set('If-Match', ifMatch)).send(body as object);
  };
  const listIds = async (query: Record<string, string>) =>
    ((await get('/submissions').query(query).expect(200)).body.items as Item[]).map((item) => item.id);

  beforeAll(async () => {
    t = shared;
    agent = await staffCookie(t, (await newStaffAccount(t, 'Tagging Agent')).email);
    admin = await staffCookie(t, (await newStaffAccount(t, 'Tagging Admin', 'admin')).email);
    token = (await issueTokens(t, (await t.createKey({ rateLimit: 10_000 })).key)).access_token;
  });

  it('starts every submission at priority normal without tags, in the list and the detail', async () => {
    const id = await submit({ name: 'Ada Lovelace' });
    expect(await detail(id)).toMatchObject({ priority: 'normal', tags: [] });
    const page = (await get('/submissions').query({ limit: '5' }).expect(200)).body.items as Item[];
    expect(page.find((item) => item.id === id)).toMatchObject({ priority: 'normal', tags: [] });
  });

  it('sets tags (trimmed, NFC, duplicates in any letter case folded into the first spelling) and priority under If-Match, a new version with its audit events', async () => {
    const id = await submit({ name: 'Grace Hopper' });
    const changed = await patch(
      id,
      { tags: [`  ${label('Billing')} `, label('billing'), 'Cafe\u0301', 'CAFÉ', 'VIP'], priority: 'urgent' },
      '"1"',
    ).expect(200);
    expect(changed.headers.etag).toBe('"2"');
    expect(changed.body).toMatchObject({ version: 2, priority: 'urgent', tags: [label('Billing'), 'Café', 'VIP'] });
    const events = (await detail(id)).events as { action: string; before: unknown; after: unknown }[];
    expect(events.filter((event) => event.action !== 'submission.status_changed')).toEqual([
      expect.objectContaining({
        action: 'submission.tags_changed',
        before: { tags: [] },
        after: { tags: [label('Billing'), 'Café', 'VIP'] },
      }),
      expect.objectContaining({
        action: 'submission.priority_changed',
        before: { priority: 'normal' },
        after: { priority: 'urgent' },
      }),
    ]);

    // The same list again changes nothing: no new version. The list is the whole new one, so a label
    // spelled another way is spelled that way from now on (a new version).
    const same = await patch(id, { tags: [label('Billing'), 'Cafe\u0301 ', 'VIP'], priority: 'urgent' }, '"2"');
    expect(same.body).toMatchObject({ version: 2, tags: [label('Billing'), 'Café', 'VIP'] });
    const respelled = await patch(id, { tags: [label('Billing'), 'Café', 'vip'] }, '"2"').expect(200);
    expect(respelled.body).toMatchObject({ version: 3, tags: [label('Billing'), 'Café', 'vip'] });
    // A new order is a change too; [] removes every label.
    expect((await patch(id, { tags: ['vip', 'Café', label('Billing')] }, '"3"').expect(200)).body.version).toBe(4);
    const cleared = await patch(id, { tags: [] }, '"4"').expect(200);
    expect(cleared.body).toMatchObject({ version: 5, tags: [], priority: 'urgent' });
  });

  it('refuses a bad tag list or priority with 400 and changes nothing', async () => {
    const id = await submit({ name: 'Hedy Lamarr' });
    const eleven = Array.from({ length: 11 }, (_, i) => `label ${i}`);
    for (const tags of [
      'billing',
      null,
      {},
      [1],
      [''],
      ['   '],
      ['x'.repeat(41)],
      ['a,b'],
      ['tab\there'],
      ['new\nline'],
      ['\u0007bell'],
      ['\ud800'],
      eleven,
    ]) {
      const answer = await patch(id, { tags }, '*').expect(400);
      expect(answer.body).toEqual({ status: 'error', message: 'Invalid field: tags' });
    }
    for (const priority of ['critical', '', null, 3, ['high'], 'HIGH']) {
      const answer = await patch(id, { priority }, '*').expect(400);
      expect(answer.body).toEqual({ status: 'error', message: 'Invalid field: priority' });
    }
    // Ten labels of 40 characters (an emoji counts one) are fine.
    const ten = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(39, 'x') + '😀');
    expect((await patch(id, { tags: ten }, '*').expect(200)).body.tags).toEqual(ten);
    expect((await detail(id)).version).toBe(2);
  });

  it('needs If-Match (428), refuses a stale one (412) and answers 404 for an unknown submission', async () => {
    const id = await submit({ name: 'Lise Meitner' });
    expect((await patch(id, { tags: ['x'] }).expect(428)).body).toEqual({
      status: 'error',
      message: 'If-Match required',
    });
    await patch(id, { priority: 'high' }, '"1"').expect(200);
    expect((await patch(id, { tags: ['late'] }, '"1"').expect(412)).body).toEqual({
      status: 'error',
      message: 'Submission changed; reload it',
    });
    expect(await detail(id)).toMatchObject({ version: 2, tags: [], priority: 'high' });
    await patch('0190aaaa-0000-7000-8000-000000000000', { tags: ['x'] }, '*').expect(404);
  });

  it('filters the list, the counts and the export by tag (any letter case, no accent folding) and priority', async () => {
    const billing = label('billing');
    const urgentBilling = await submit({ name: 'Urgent billing', email: 'urgent@example.com' });
    const lowBilling = await submit({ name: 'Low billing' });
    const urgentOther = await submit({ name: 'Urgent other' });
    await patch(urgentBilling, { tags: [billing.toUpperCase(), label('vip')], priority: 'urgent' }, '*').expect(200);
    await patch(lowBilling, { tags: [billing], priority: 'low', status: 'closed' }, '*').expect(200);
    await patch(urgentOther, { tags: [label('other')], priority: 'urgent' }, '*').expect(200);
    await patch(await submit({ name: 'Accented' }), { tags: [label('bïlling')] }, '*').expect(200);

    expect(await listIds({ tag: billing })).toEqual([lowBilling, urgentBilling]);
    expect(await listIds({ tag: ` ${billing.toUpperCase()} `, status: 'new' })).toEqual([urgentBilling]);
    expect(await listIds({ tag: billing, priority: 'urgent' })).toEqual([urgentBilling]);
    expect(await listIds({ tag: billing, priority: 'low,high', status: 'closed' })).toEqual([lowBilling]);
    const urgent = await listIds({ priority: 'urgent', limit: '100' });
    expect(urgent).toEqual(expect.arrayContaining([urgentBilling, urgentOther]));
    expect(urgent).not.toContain(lowBilling);
    expect(await listIds({ tag: label('nothing') })).toEqual([]);

    expect((await get('/submissions/counts').query({ tag: billing }).expect(200)).body).toEqual({
      new: 1,
      open: 0,
      pending: 0,
      closed: 1,
      spam: 0,
      merged: 0,
    });
    expect((await get('/submissions/counts').query({ tag: billing, priority: 'low' }).expect(200)).body).toEqual({
      new: 0,
      open: 0,
      pending: 0,
      closed: 1,
      spam: 0,
      merged: 0,
    });

    const csv = await get('/submissions/export.csv').query({ tag: billing, priority: 'urgent' }).expect(200);
    const [header, ...rows] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header.split(',');
    expect(columns.slice(-3)).toEqual(['priority', 'tags', 'unreadable']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(urgentBilling);
    expect(rows[0]).toContain(`,urgent,"${billing.toUpperCase()}, ${label('vip')}",`);
    const audit = (await get('/audit').set('Cookie', admin).query({ action: 'submissions.exported', limit: '1' })).body
      .items[0] as { after: Record<string, unknown> };
    expect(audit.after).toMatchObject({ tag: billing, priority: 'urgent' });
  });

  it('refuses a bad tag or priority filter with 400', async () => {
    for (const [path, query, message] of [
      ['/submissions', { tag: 'a,b' }, 'Invalid field: tag'],
      ['/submissions', { tag: 'x'.repeat(41) }, 'Invalid field: tag'],
      ['/submissions', { priority: 'critical' }, 'Invalid field: priority'],
      ['/submissions/counts', { tag: '\u0007' }, 'Invalid field: tag'],
      ['/submissions/counts', { priority: 'high,' }, 'Invalid field: priority'],
      ['/submissions/counts', { status: 'new' }, 'Unknown field: status'],
      ['/submissions/export.csv', { priority: 'HIGH' }, 'Invalid field: priority'],
    ] as const) {
      const answer = await get(path).query(query).expect(400);
      expect(answer.body).toEqual({ status: 'error', message });
    }
  });

  it('deletes the tags with the submission when its address is erased', async () => {
    const email = `erase.${run}@example.com`;
    const id = await submit({ name: 'Erased Person', email });
    await patch(id, { tags: [label('erased'), 'second'], priority: 'high' }, '*').expect(200);
    const db = t.app.get(DataSource);
    const count = async () =>
      Number(
        (await db.query<{ n: string }[]>('SELECT COUNT(*) AS n FROM submission_tags WHERE submission_id = ?', [id]))[0]
          .n,
      );
    expect(await count()).toBe(2);
    const exported = await t.http().post('/staff/api/privacy/export').set('Cookie', admin).send({ email }).expect(200);
    expect(exported.body.submissions[0]).toMatchObject({ priority: 'high', tags: [label('erased'), 'second'] });
    expect(
      (await t.http().post('/staff/api/privacy/erase').set('Cookie', admin).send({ email }).expect(200)).body,
    ).toEqual({ erased: 1 });
    expect(await count()).toBe(0);
    expect(await listIds({ tag: label('erased') })).toEqual([]);
  });
});

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
    t = shared;
    const adaAccount = await newStaffAccount(t, 'Ada Search', 'admin');
    const graceAccount = await newStaffAccount(t, 'Grace Search');
    ada = { id: adaAccount.id, cookie: await staffCookie(t, adaAccount.email) };
    grace = { id: graceAccount.id, cookie: await staffCookie(t, graceAccount.email) };
    access = (await issueTokens(t, (await t.createKey({ rateLimit: 1000 })).key)).access_token;
  });

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
