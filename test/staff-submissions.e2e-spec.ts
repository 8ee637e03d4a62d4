import { StaffSubmissionsRepository } from '../src/submissions/staff-api/staff-submissions.repository';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie, signedInStaff } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

interface Item {
  id: string;
  status: string;
  name: string;
  version: number;
  assignee: { id: string; name: string } | null;
  api_key: { id: string; name: string };
}

describe('staff: submissions', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let agent: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let keyA: { id: string; token: string };
  let keyB: { id: string; token: string };

  const submit = async (token: string, body: Record<string, unknown>): Promise<string> =>
    (await t.http().post('/contact_api.php').set('Authorization', `Bearer ${token}`).send(body).expect(200)).body
      .id as string;
  const get = (path: string, cookie = agent.cookie) => t.http().get(`/staff/api${path}`).set('Cookie', cookie);
  const patch = (id: string, body: object, ifMatch?: string, cookie = agent.cookie) => {
    const req = t.http().patch(`/staff/api/submissions/${id}`).set('Cookie', cookie).send(body);
    return ifMatch === undefined ? req : req.set('If-Match', ifMatch);
  };
  const listIds = async (query: string) =>
    ((await get(`/submissions?${query}`).expect(200)).body.items as Item[]).map((item) => item.id);

  beforeAll(async () => {
    const database = await ownDatabase();
    drop = database.drop;
    t = await createTestApp({ DATABASE_URL: database.url, TRUST_PROXY: 'true' });
    for (const [label, assign] of [
      ['Agent', (value: { id: string; cookie: string }) => (agent = value)],
      ['Other', (value: { id: string; cookie: string }) => (other = value)],
    ] as const) {
      const account = await newStaffAccount(t, label);
      assign({ id: account.id, cookie: await staffCookie(t, account.email) });
    }
    for (const [name, assign] of [
      ['Client A', (value: { id: string; token: string }) => (keyA = value)],
      ['Client B', (value: { id: string; token: string }) => (keyB = value)],
    ] as const) {
      const { id, key } = await t.createKey({ name, rateLimit: 10_000 });
      assign({ id, token: (await issueTokens(t, key)).access_token });
    }
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  it('requires a staff identity', async () => {
    const answer = await t.http().get('/staff/api/submissions').expect(401);
    expect(answer.body).toEqual({ status: 'error', message: 'Authentication required' });
  });

  it('lists newest first with the key and assignee, and filters by status, assignee, key, words and dates', async () => {
    const first = await submit(keyA.token, {
      name: 'Marguerite Perey',
      email: 'perey.m@radium.example',
      message: 'francium sample',
    });
    const second = await submit(keyB.token, { name: 'Lise Meitner', business: 'Kaiser Wilhelm Institut' });
    const third = await submit(keyA.token, { name: 'Chien-Shiung Wu', message: 'parity question' });

    const page = await get('/submissions?limit=3').expect(200);
    expect((page.body.items as Item[]).map((item) => item.id)).toEqual([third, second, first]);
    expect(page.body.items[1]).toMatchObject({
      status: 'new',
      name: 'Lise Meitner',
      business: 'Kaiser Wilhelm Institut',
      api_key: { id: keyB.id, name: 'Client B' },
      assignee: null,
      version: 1,
      closed_at: null,
    });

    const { body: detail } = await get(`/submissions/${second}`).expect(200);
    await patch(second, { status: 'open', assignee_id: agent.id }, `"${detail.version}"`).expect(200);
    const { body: third1 } = await get(`/submissions/${third}`).expect(200);
    await patch(third, { assignee_id: other.id }, `"${third1.version}"`).expect(200);

    expect(await listIds('status=open')).toEqual([second]);
    expect(await listIds('status=new,open&limit=100')).toEqual(expect.arrayContaining([first, second, third]));
    expect(await listIds('assignee=me')).toEqual([second]);
    expect(await listIds(`assignee=${other.id}`)).toEqual([third]);
    expect(await listIds('assignee=none&limit=100')).toContain(first);
    expect(await listIds('assignee=none&limit=100')).not.toContain(second);
    expect(await listIds(`api_key=${keyB.id}`)).toEqual([second]);
    expect(await listIds('q=franc')).toEqual([first]);
    expect(await listIds('q=perey.m%40radium.example')).toEqual([first]);
    expect(await listIds('q=kaiser%20institut')).toEqual([second]);
    expect(await listIds('q=kaiser%20francium')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await listIds(`from=${today}&to=${today}&limit=100`)).toEqual(
      expect.arrayContaining([first, second, third]),
    );
    expect(await listIds('to=2000-01-01')).toEqual([]);
    expect(await listIds(`from=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);
  });

  it('answers bad filters with 400 in the envelope', async () => {
    for (const [query, message] of [
      ['status=done', 'Invalid field: status'],
      ['assignee=someone', 'Invalid field: assignee'],
      ['limit=0', 'Invalid field: limit'],
      ['limit=101', 'Invalid field: limit'],
      ['from=yesterday', 'Invalid field: from'],
      ['cursor=abc', 'Invalid field: cursor'],
      ['q=the%20%40', 'Invalid field: q'],
      ['sort=name', 'Invalid field: sort'],
      ['order=due', 'Unknown field: order'],
    ]) {
      const answer = await get(`/submissions?${query}`).expect(400);
      expect(answer.body).toEqual({ status: 'error', message });
    }
  });

  it('pages by keyset: new rows arriving while paging cause no duplicate and no gap', async () => {
    const existing: string[] = [];
    for (let i = 0; i < 12; i++) {
      existing.push(await submit(keyB.token, { name: `Paging ${i}` }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `api_key=${keyB.id}&limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const { body } = await get(`/submissions?${query}`).expect(200);
      seen.push(...(body.items as Item[]).map((item) => item.id));
      cursor = body.next_cursor as string | null;
      // Newer rows arrive between pages; they belong before the first page, never inside the walk.
      await submit(keyB.token, { name: `Arrived during paging ${pages++}` });
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const walked = seen.filter((id) => existing.includes(id));
    expect(walked).toEqual([...existing].reverse());
  });

  it('counts per status', async () => {
    const before = (await get('/submissions/counts').expect(200)).body as Record<string, number>;
    expect(Object.keys(before).sort()).toEqual(['closed', 'merged', 'new', 'open', 'pending', 'spam']);
    const id = await submit(keyA.token, { name: 'Counted' });
    const { body } = await get(`/submissions/${id}`).expect(200);
    await patch(id, { status: 'spam' }, `"${body.version}"`).expect(200);
    const after = (await get('/submissions/counts').expect(200)).body as Record<string, number>;
    expect(after.spam).toBe(before.spam + 1);
    // The row went in as `new` and left it: new is unchanged overall.
    expect(after.new).toBe(before.new);
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
    const rows = await t.app.get(StaffSubmissionsRepository).countByStatus();
    expect(total(after)).toBe(total(rows));
  });

  it('answers a repeated list or counts read with 304 while nothing changed (If-None-Match)', async () => {
    const first = await get('/submissions/counts').expect(200);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/submissions/counts').set('If-None-Match', first.headers.etag).expect(304);
    expect(again.text).toBe('');
    const page = await get(`/submissions?api_key=${keyA.id}`).expect(200);
    await get(`/submissions?api_key=${keyA.id}`).set('If-None-Match', page.headers.etag).expect(304);
    await submit(keyA.token, { name: 'Changes the page' });
    const changed = await get(`/submissions?api_key=${keyA.id}`).set('If-None-Match', page.headers.etag).expect(200);
    expect(changed.headers.etag).not.toBe(page.headers.etag);
    expect(changed.body.items[0].name).toBe('Changes the page');
  });

  it('shows one submission with its ETag, deliveries, notes and events; 404 for an unknown id', async () => {
    const id = await submit(keyA.token, { name: 'Detailed', phone: '+44 20 7946 0000' });
    const answer = await get(`/submissions/${id}`).expect(200);
    expect(answer.headers.etag).toBe('"1"');
    expect(answer.body).toMatchObject({
      id,
      name: 'Detailed',
      phone: '+44 20 7946 0000',
      status: 'new',
      delivery_state: expect.any(String),
      client_ip: expect.any(String),
      deliveries: [],
      notes: [],
      events: [],
    });
    const missing = await get('/submissions/0190aaaa-0000-7000-8000-000000000000').expect(404);
    expect(missing.body).toEqual({ status: 'error', message: 'Not found' });
    await get('/submissions/not-an-id').expect(404);
  });

  it('changes status and assignee only with the current If-Match: 428 without, 412 when stale', async () => {
    const id = await submit(keyA.token, { name: 'Conditional' });
    const none = await patch(id, { status: 'open' }).expect(428);
    expect(none.body).toEqual({ status: 'error', message: 'If-Match required' });
    const stale = await patch(id, { status: 'open' }, '"7"').expect(412);
    expect(stale.body).toEqual({ status: 'error', message: 'Submission changed; reload it' });

    const closed = await patch(id, { status: 'closed' }, '"1"').expect(200);
    expect(closed.headers.etag).toBe('"2"');
    expect(closed.body).toMatchObject({ status: 'closed', version: 2, closed_at: expect.any(String) });
    const reopened = await patch(id, { status: 'pending' }, '"2"').expect(200);
    expect(reopened.body).toMatchObject({ status: 'pending', version: 3, closed_at: null });
    await patch(id, { status: 'open' }, '"2"').expect(412);

    for (const [body, message] of [
      [{ status: 'done' }, 'Invalid field: status'],
      [{ assignee_id: 'nobody' }, 'Invalid field: assignee_id'],
      [{ assignee_id: '0190aaaa-0000-7000-8000-000000000000' }, 'Invalid field: assignee_id'],
      [{ version: 9 }, 'Unknown field: version'],
    ] as const) {
      const answer = await patch(id, body, '"3"').expect(400);
      expect(answer.body).toEqual({ status: 'error', message });
    }
    expect((await get(`/submissions/${id}`).expect(200)).body.version).toBe(3);
    await patch('0190aaaa-0000-7000-8000-000000000000', { status: 'open' }, '"1"').expect(404);

    // An id in capitals names the same submission, as GET takes it.
    const upper = await patch(id.toUpperCase(), { status: 'open' }, '"3"').expect(200);
    expect(upper.body).toMatchObject({ id, status: 'open', version: 4 });
  });

  it('lets exactly one of two concurrent changes of the same version win', async () => {
    const id = await submit(keyA.token, { name: 'Contended' });
    // Every round's two changes each change something whoever won the round before (a request that
    // changes nothing succeeds whatever happens beside it).
    const statuses = ['open', 'pending', 'closed', 'spam'] as const;
    const assignees = await Promise.all(statuses.map((_, round) => newStaffAccount(t, `Assignee ${round}`)));
    for (const [round, status] of statuses.entries()) {
      const { body } = await get(`/submissions/${id}`).expect(200);
      const answers = await Promise.all([
        patch(id, { status }, `"${body.version}"`),
        patch(id, { assignee_id: assignees[round].id }, `"${body.version}"`, other.cookie),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
      expect((await get(`/submissions/${id}`).expect(200)).body.version).toBe(body.version + 1);
    }
  });

  it('adds notes (with author and time) and records every change as an event on the submission', async () => {
    const id = await submit(keyA.token, { name: 'Noted' });
    const note = await t
      .http()
      .post(`/staff/api/submissions/${id}/notes`)
      .set('Cookie', agent.cookie)
      .send({ body: '  Called back.  ' })
      .expect(201);
    expect(note.body).toEqual({
      id: expect.any(String),
      body: 'Called back.',
      author: { id: agent.id, name: 'Agent' },
      created_at: expect.any(String),
    });
    for (const [body, message] of [
      [{}, 'Missing field: body'],
      [{ body: '   ' }, 'Missing field: body'],
      [{ body: 'x'.repeat(10_001) }, 'Invalid field: body'],
    ] as const) {
      const answer = await t
        .http()
        .post(`/staff/api/submissions/${id}/notes`)
        .set('Cookie', agent.cookie)
        .send(body)
        .expect(400);
      expect(answer.body).toEqual({ status: 'error', message });
    }
    await patch(id, { status: 'open', assignee_id: agent.id }, '"1"').expect(200);
    await t
      .http()
      .post(`/staff/api/submissions/${id}/redeliver`)
      .set('Cookie', other.cookie)
      .set('Content-Type', 'application/json')
      .expect(202);
    const { body } = await get(`/submissions/${id}`).expect(200);
    expect(body.notes).toEqual([note.body]);
    expect(
      (body.events as { action: string; actor: { id: string } | null; before: unknown; after: unknown }[]).map(
        (event) => [event.action, event.actor?.id, event.before, event.after],
      ),
    ).toEqual([
      ['submission.note_added', agent.id, null, { note_id: note.body.id }],
      ['submission.status_changed', agent.id, { status: 'new' }, { status: 'open' }],
      ['submission.assigned', agent.id, { assignee_id: null }, { assignee_id: agent.id }],
      ['submission.redelivered', other.id, null, null],
    ]);
  });

  it('exports the filter as CSV, formula-like cells prefixed and quotes escaped', async () => {
    const { id: keyId, key } = await t.createKey({ name: 'Export client', rateLimit: 1000 });
    const token = (await issueTokens(t, key)).access_token;
    const hostile = await submit(token, {
      name: '=HYPERLINK("http://evil.example","click")',
      business: '+1 Ltd, "quoted"',
      message: '@SUM(A1)\nsecond line',
    });
    const disguised = await submit(token, { name: '＝1+1', business: '\u200B=cmd|calc', message: '\u2060-2+3' });
    const plain = await submit(token, { name: 'Plain Name', email: 'plain@example.com' });
    const answer = await get(`/submissions/export.csv?api_key=${keyId}`).expect(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="submissions-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = answer.text.split('\r\n');
    // A byte order mark first, so spreadsheets read UTF-8.
    expect(lines[0]).toBe(
      '\uFEFFid,created_at,status,delivery_state,assignee_id,assignee_name,api_key_id,api_key_name,name,email,phone,business,message,closed_at,priority,tags,unreadable',
    );
    const disguisedLine = lines.find((line) => line.startsWith(`${disguised},`));
    expect(disguisedLine).toContain(`,'＝1+1,,,'\u200B=cmd|calc,'\u2060-2+3,`);
    expect(lines[1].startsWith(`${plain},`)).toBe(true);
    expect(lines[1]).toContain(',Export client,Plain Name,plain@example.com,,,,');
    const hostileLine = answer.text.slice(answer.text.indexOf(hostile));
    expect(hostileLine).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(hostileLine).toContain(`,"'+1 Ltd, ""quoted""","'@SUM(A1)\nsecond line",`);
    expect(answer.text.endsWith('\r\n')).toBe(true);
    expect(lines.filter(Boolean)).toHaveLength(4);
  });

  it('keeps the staff budget apart from the client keys: STAFF_RATE_LIMIT per account', async () => {
    const limited = await createTestApp({ STAFF_RATE_LIMIT: '3' });
    try {
      const { cookie } = await signedInStaff(limited, 'Limited');
      for (let i = 0; i < 3; i++) {
        await limited.http().get('/staff/api/me').set('Cookie', cookie).expect(200);
      }
      const over = await limited.http().get('/staff/api/me').set('Cookie', cookie).expect(429);
      expect(over.body).toEqual({ status: 'error', message: 'Too many requests' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another account still has its own budget.
      const second = await newStaffAccount(limited, 'Second');
      await limited
        .http()
        .get('/staff/api/me')
        .set('Cookie', await staffCookie(limited, second.email))
        .expect(200);
    } finally {
      await limited.close();
    }
  });
});
