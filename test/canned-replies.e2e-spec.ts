import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';

interface CannedReply {
  id: string;
  title: string;
  body: string;
  author: { id: string; name: string };
  created_at: string;
  updated_at: string;
}

/** Canned replies (issue 26, point 1) through HTTP: any staff member reads, adds, edits; author or admin deletes. */
describe('staff: canned replies', () => {
  let t: TestApp;
  let agent: { id: string; cookie: string };
  let colleague: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  // Titles of this file's own: the table is the run's shared one.
  const run = randomBytes(3).toString('hex');
  const title = (name: string) => `${name} ${run}`;

  const account = async (label: string, role: 'agent' | 'admin' = 'agent') => {
    const created = await newStaffAccount(t, label, role);
    return { id: created.id, cookie: await staffCookie(t, created.email) };
  };
  const create = (body: unknown, cookie = agent.cookie) =>
    t
      .http()
      .post('/staff/api/canned-replies')
      .set('Cookie', cookie)
      .send(body as object);
  const update = (id: string, body: unknown, cookie = agent.cookie) =>
    t
      .http()
      .patch(`/staff/api/canned-replies/${id}`)
      .set('Cookie', cookie)
      .send(body as object);
  // A body-less write from a session still names JSON (the cross-site rules).
  const remove = (id: string, cookie = agent.cookie) =>
    t.http().delete(`/staff/api/canned-replies/${id}`).set('Cookie', cookie).set('Content-Type', 'application/json');
  const list = async (cookie = agent.cookie) =>
    ((await t.http().get('/staff/api/canned-replies').set('Cookie', cookie).expect(200)).body as CannedReply[]).filter(
      (reply) => reply.title.endsWith(run),
    );

  let drop: () => Promise<void>;

  beforeAll(async () => {
    // A database of its own: the test of the installation's cap fills the table.
    const database = await ownDatabase();
    drop = database.drop;
    t = await createTestApp({ DATABASE_URL: database.url });
    agent = await account('Canned Agent');
    colleague = await account('Canned Colleague');
    admin = await account('Canned Admin', 'admin');
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  it('needs a staff identity', async () => {
    expect((await t.http().get('/staff/api/canned-replies').expect(401)).body).toEqual({
      status: 'error',
      message: 'Authentication required',
    });
  });

  it('lets any staff member add one (trimmed, placeholders kept as written) and everyone read them by title', async () => {
    const body = 'Hello {{name}},\n\n\tyour reference is [#{{ref}}].\r\n{{agent}} {{unknown}}';
    const created = await create({ title: `  ${title('Welcome')} `, body: ` ${body}\n` }).expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: title('Welcome'),
      body,
      author: { id: agent.id, name: 'Canned Agent' },
      created_at: expect.any(String),
      updated_at: created.body.created_at,
    });
    await create({ title: title('Apology'), body: 'Sorry, {{name}}.' }, colleague.cookie).expect(201);
    expect((await list(admin.cookie)).map((reply) => reply.title)).toEqual([title('Apology'), title('Welcome')]);
    expect((await list(colleague.cookie)).find((reply) => reply.title === title('Welcome'))?.body).toBe(body);
  });

  it('refuses a missing, empty, too long or control-character title or body with 400, and unknown fields', async () => {
    for (const [sent, message] of [
      [{ body: 'x' }, 'Missing field: title'],
      [{ title: '   ', body: 'x' }, 'Missing field: title'],
      [{ title: title('No body') }, 'Missing field: body'],
      [{ title: title('Empty body'), body: ' \n ' }, 'Missing field: body'],
      [{ title: 'x'.repeat(101), body: 'x' }, 'Invalid field: title'],
      [{ title: `tab\t${run}`, body: 'x' }, 'Invalid field: title'],
      [{ title: 5, body: 'x' }, 'Invalid field: title'],
      [{ title: title('Long'), body: 'x'.repeat(20_001) }, 'Invalid field: body'],
      [{ title: title('Bell'), body: 'ding \u0007' }, 'Invalid field: body'],
      [{ title: title('Surrogate'), body: '\ud800' }, 'Invalid field: body'],
      [{ title: title('Extra'), body: 'x', shared: true }, 'Unknown field: shared'],
    ] as const) {
      expect((await create(sent).expect(400)).body).toEqual({ status: 'error', message });
    }
    // The bounds themselves are fine: 100 characters of title (an emoji counts one), 20 000 of body.
    const longest = `${run}${'😀'.repeat(100 - run.length)}`;
    await create({ title: longest, body: 'y'.repeat(20_000) }).expect(201);
    expect((await list()).map((reply) => reply.title)).not.toContain(title('Long'));
  });

  it('answers 409 for a title already taken, in any letter case, on creation and on renaming', async () => {
    await create({ title: title('Refund'), body: 'We refunded you.' }).expect(201);
    for (const taken of [title('Refund'), title('REFUND')]) {
      expect((await create({ title: taken, body: 'Again' }).expect(409)).body).toEqual({
        status: 'error',
        message: 'A canned reply with this title already exists',
      });
    }
    const other = (await create({ title: title('Shipping'), body: 'It ships today.' }).expect(201)).body as CannedReply;
    expect((await update(other.id, { title: title('refund') }).expect(409)).body.message).toBe(
      'A canned reply with this title already exists',
    );
  });

  it('lets any staff member edit one; refuses bad values and unknown ids', async () => {
    const reply = (await create({ title: title('Hours'), body: 'Open 9-5.' }).expect(201)).body as CannedReply;
    const edited = await update(reply.id, { body: 'Open 8-6, {{name}}.' }, colleague.cookie).expect(200);
    expect(edited.body).toMatchObject({ id: reply.id, title: title('Hours'), body: 'Open 8-6, {{name}}.' });
    expect(edited.body.author).toEqual({ id: agent.id, name: 'Canned Agent' });
    expect(edited.body.updated_at >= reply.updated_at).toBe(true);
    const renamed = await update(reply.id, { title: title('Opening hours') }).expect(200);
    expect(renamed.body).toMatchObject({ title: title('Opening hours'), body: 'Open 8-6, {{name}}.' });
    expect((await update(reply.id, {}).expect(200)).body.title).toBe(title('Opening hours'));
    for (const [sent, message] of [
      [{ title: null }, 'Invalid field: title'],
      [{ title: ' ' }, 'Invalid field: title'],
      [{ body: '' }, 'Invalid field: body'],
      [{ body: 'x'.repeat(20_001) }, 'Invalid field: body'],
      [{ author: 'me' }, 'Unknown field: author'],
    ] as const) {
      expect((await update(reply.id, sent).expect(400)).body).toEqual({ status: 'error', message });
    }
    expect((await update('0190aaaa-0000-7000-8000-000000000000', { body: 'x' }).expect(404)).body).toEqual({
      status: 'error',
      message: 'Not found',
    });
  });

  it('lets only its author or an admin delete one', async () => {
    const mine = (await create({ title: title('Mine'), body: 'x' }).expect(201)).body as CannedReply;
    const theirs = (await create({ title: title('Theirs'), body: 'x' }, colleague.cookie).expect(201))
      .body as CannedReply;
    expect((await remove(theirs.id).expect(403)).body).toEqual({
      status: 'error',
      message: 'Forbidden: only its author or an admin deletes a canned reply',
    });
    await remove(mine.id).expect(204);
    await remove(theirs.id, admin.cookie).expect(204);
    expect((await remove(mine.id).expect(404)).body).toEqual({ status: 'error', message: 'Not found' });
    const titles = (await list()).map((reply) => reply.title);
    expect(titles).not.toContain(title('Mine'));
    expect(titles).not.toContain(title('Theirs'));
  });

  it('records every write in the audit trail by title, never the body', async () => {
    const reply = (await create({ title: title('Audited'), body: 'secret wording 42' }).expect(201))
      .body as CannedReply;
    await update(reply.id, { body: 'other wording 43', title: title('Audited again') }).expect(200);
    await remove(reply.id).expect(204);
    const events = (
      await t.http().get('/staff/api/audit').set('Cookie', admin.cookie).query({ target: reply.id }).expect(200)
    ).body.items as { action: string; actor: { id: string }; before: unknown; after: unknown }[];
    expect(events.map(({ action, actor, before, after }) => ({ action, actor: actor.id, before, after }))).toEqual([
      { action: 'canned_reply.deleted', actor: agent.id, before: { title: title('Audited again') }, after: null },
      {
        action: 'canned_reply.updated',
        actor: agent.id,
        before: { title: title('Audited') },
        after: { title: title('Audited again'), body_changed: true },
      },
      { action: 'canned_reply.created', actor: agent.id, before: null, after: { title: title('Audited') } },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/wording/);
  });
  it('keeps at most CANNED_REPLIES_MAX (500) of them: one more is 409 and stores nothing, until one is deleted', async () => {
    const max = t.config.cannedReplies.maxCount;
    expect(max).toBe(500);
    const database = t.app.get(DataSource);
    const [{ count }] = await database.query<{ count: string }[]>('SELECT COUNT(*) AS count FROM canned_replies');
    const now = new Date();
    const filler = Array.from({ length: max - Number(count) }, (_, i) => [
      uuidv7(),
      `Filler ${i} ${run}`,
      'Filled in',
      agent.id,
      now,
      now,
    ]);
    await database.query('INSERT INTO canned_replies (id, title, body, author_id, created_at, updated_at) VALUES ?', [
      filler,
    ]);
    const full = {
      status: 'error',
      message: `The team already has ${max} canned replies, the most this installation keeps (CANNED_REPLIES_MAX): delete one first`,
    };
    const over = await create({ title: title('One too many'), body: 'Hello' });
    expect(over.body).toEqual(full);
    expect(over.status).toBe(409);
    expect((await list()).some((reply) => reply.title === title('One too many'))).toBe(false);

    await remove(filler[0][0] as string).expect(204);
    await create({ title: title('One too many'), body: 'Hello' }).expect(201);
    expect((await create({ title: title('Another'), body: 'Hello' })).body).toEqual(full);
    // Editing is not adding: a full library still takes changes.
    await update(filler[1][0] as string, { body: 'Changed' }).expect(200);
  });
});
