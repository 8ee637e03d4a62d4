import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ownDatabase } from './support/own-database';
import { changeSubmission, newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { SubmissionFields } from '../src/submissions/lifecycle/submission-fields.service';

const LIST = '/staff/api/submissions';
const STATUSES = ['new', 'open', 'pending', 'closed', 'spam', 'merged'];

/**
 * Custom fields in staff's list, counts, export and search (issue 55): `field.<name>` filters, exact
 * and ranged, over two keys that share a field name, with a retired field; a CSV column per field; `q`
 * over text fields. On a database of the file's own, so the field names, keys and counts are its own.
 */
describe('custom field filters, columns and search', () => {
  let t: TestApp;
  let database: { url: string; drop: () => Promise<void> };
  let admin: string;
  let agent: string;
  let keyA: string;
  let keyB: string;
  const ids: Record<string, string> = {};

  const FIELDS_A = [
    { name: 'product', label: 'Product', type: 'select', options: ['Basic', 'Pro', 'Enterprise'] },
    { name: 'topics', label: 'Topics', type: 'multi_select', options: ['Billing', 'Shipping', 'Returns'] },
    { name: 'consent', label: 'Consent', type: 'checkbox' },
    { name: 'quantity', label: 'Quantity', type: 'number' },
    { name: 'delivery', label: 'Delivery date', type: 'date' },
    { name: 'order_ref', label: 'Order reference', type: 'text' },
    { name: 'secret_choice', label: 'Secret choice', type: 'select', options: ['x', 'y'], personal: true },
  ];
  const FIELDS_B = [
    { name: 'product', label: 'Plan', type: 'select', options: ['Basic', 'Gold'] },
    { name: 'size', label: 'Size', type: 'number' },
    { name: 'region', label: 'Region', type: 'select', options: ['North', 'South'] },
  ];

  const putFields = (keyId: string, fields: object[]) =>
    t.http().put(`/staff/api/keys/${keyId}/fields`).set('Cookie', admin).send({ fields }).expect(200);
  const keyWith = async (fields: object[]) => {
    const { id, key } = await t.createKey({ rateLimit: 100_000 });
    await putFields(id, fields);
    const { access_token } = await issueTokens(t, key);
    const submit = async (name: string, values: object) => {
      const id = (
        await t
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ name, email: 'someone@example.org', fields: values })
          .expect(200)
      ).body.id as string;
      // What the worker does when it first takes the submission (this app runs no worker): its index.
      await t.app.get(SubmissionFields).indexOf(id);
      return id;
    };
    return { id, submit };
  };
  const list = (query: Record<string, string>, cookie = agent, app = t) =>
    app.http().get(LIST).query(query).set('Cookie', cookie);
  /** The ids the list answers, newest first (one page of 100). */
  const listed = async (query: Record<string, string>) => {
    const answer = await list({ ...query, limit: '100' }).expect(200);
    return (answer.body.items as { id: string }[]).map((item) => item.id);
  };
  const counted = async (query: Record<string, string>) =>
    (await t.http().get(`${LIST}/counts`).query(query).set('Cookie', agent).expect(200)).body as Record<string, number>;
  const exported = async (query: Record<string, string>) => {
    const answer = await t.http().get(`${LIST}/export.csv`).query(query).set('Cookie', agent).expect(200);
    return parseCsv(answer.text.replace(/^\uFEFF/, ''));
  };
  /** The named submissions, newest first (as the list answers them). */
  const newestFirst = (...names: string[]) => names.map((name) => ids[name]).sort((a, b) => b.localeCompare(a));

  beforeAll(async () => {
    database = await ownDatabase();
    t = await createTestApp({ DATABASE_URL: database.url });
    admin = await staffCookie(t, (await newStaffAccount(t, 'Filter Admin', 'admin')).email);
    agent = await staffCookie(t, (await newStaffAccount(t, 'Filter Agent')).email);

    const a = await keyWith(FIELDS_A);
    keyA = a.id;
    ids.a1 = await a.submit('One', {
      product: 'Pro',
      topics: ['Billing', 'Shipping'],
      consent: true,
      quantity: 5,
      delivery: '2026-03-10',
      order_ref: 'zephyrine-1001',
      secret_choice: 'x',
    });
    ids.a2 = await a.submit('Two', {
      product: 'Basic',
      topics: ['Returns'],
      consent: false,
      quantity: 50,
      delivery: '2026-12-31',
      order_ref: '=HYPERLINK("http://evil.example")',
    });
    ids.a3 = await a.submit('Three', { product: 'Pro', consent: true, quantity: 10.5 });
    ids.a4 = await a.submit('Four', { product: 'Enterprise', quantity: -2, delivery: '2025-01-01' });
    ids.a5 = await a.submit('Five', {});

    const b = await keyWith(FIELDS_B);
    keyB = b.id;
    ids.b1 = await b.submit('Six', { product: 'Gold', size: 3, region: 'North' });
    ids.b2 = await b.submit('Seven', { product: 'Basic', size: 8, region: 'South' });
    // `region` retired: its values stay, are filtered on and exported.
    await putFields(keyB, FIELDS_B.slice(0, 2));
    ids.b3 = await b.submit('Eight', { product: 'Gold' });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('filters by a select value, across the keys that define the name', async () => {
    expect(await listed({ 'field.product': 'Pro' })).toEqual(newestFirst('a1', 'a3'));
    expect(await listed({ 'field.product': 'Basic' })).toEqual(newestFirst('a2', 'b2'));
    expect(await listed({ 'field.product': 'Gold' })).toEqual(newestFirst('b1', 'b3'));
    // Any string up to 100 characters: one that is no option of any key matches nothing.
    expect(await listed({ 'field.product': 'Platinum' })).toEqual([]);
    expect(await listed({ 'field.product': 'p'.repeat(100) })).toEqual([]);
    // Exact, as stored: another letter case is another value.
    expect(await listed({ 'field.product': 'pro' })).toEqual([]);
  });

  it('filters by one choice of a multi_select and by a checkbox', async () => {
    expect(await listed({ 'field.topics': 'Shipping' })).toEqual([ids.a1]);
    expect(await listed({ 'field.topics': 'Billing' })).toEqual([ids.a1]);
    expect(await listed({ 'field.topics': 'Returns' })).toEqual([ids.a2]);
    expect(await listed({ 'field.consent': 'true' })).toEqual(newestFirst('a1', 'a3'));
    expect(await listed({ 'field.consent': 'false' })).toEqual([ids.a2]);
  });

  it('filters numbers and dates by inclusive ranges, either end open', async () => {
    expect(await listed({ 'field.quantity': '5..10.5' })).toEqual(newestFirst('a1', 'a3'));
    expect(await listed({ 'field.quantity': '10..' })).toEqual(newestFirst('a2', 'a3'));
    expect(await listed({ 'field.quantity': '..5' })).toEqual(newestFirst('a1', 'a4'));
    expect(await listed({ 'field.quantity': '-2..-2' })).toEqual([ids.a4]);
    expect(await listed({ 'field.quantity': '51..' })).toEqual([]);
    expect(await listed({ 'field.delivery': '2026-03-10..2026-03-10' })).toEqual([ids.a1]);
    expect(await listed({ 'field.delivery': '..2026-06-30' })).toEqual(newestFirst('a1', 'a4'));
    expect(await listed({ 'field.delivery': '2026-04-01..' })).toEqual([ids.a2]);
    expect(await listed({ 'field.size': '1..5' })).toEqual([ids.b1]);
  });

  it('filters by a retired field whose values stay', async () => {
    expect(await listed({ 'field.region': 'North' })).toEqual([ids.b1]);
    expect(await listed({ 'field.region': 'South' })).toEqual([ids.b2]);
  });

  it('combines field filters with each other and with the other filters (AND)', async () => {
    expect(await listed({ 'field.product': 'Pro', 'field.quantity': '6..' })).toEqual([ids.a3]);
    expect(await listed({ 'field.product': 'Pro', 'field.consent': 'true', 'field.topics': 'Billing' })).toEqual([
      ids.a1,
    ]);
    expect(await listed({ 'field.product': 'Basic', api_key: keyB })).toEqual([ids.b2]);
    expect(await listed({ 'field.product': 'Basic', api_key: keyA })).toEqual([ids.a2]);
    await changeSubmission(t, agent, ids.a3, { status: 'open' });
    expect(await listed({ 'field.product': 'Pro', status: 'open' })).toEqual([ids.a3]);
    expect(await listed({ 'field.product': 'Pro', status: 'new' })).toEqual([ids.a1]);
    expect(await listed({ 'field.product': 'Pro', q: 'zephyrine' })).toEqual([ids.a1]);
    expect(await listed({ 'field.product': 'Gold', q: 'zephyrine' })).toEqual([]);
  });

  it('answers the same when a value is common (each submission read is then looked up in the values)', async () => {
    // 6,000 values of `Pro` (of submissions that never came: no page shows them) make the condition
    // common, above the repository's 5,000: the page probes each submission instead of reading the
    // values first.
    const db = t.app.get(DataSource);
    const rows = Array.from({ length: 6_000 }, (_, i) => {
      const id = `0190aaaa-0000-7000-8000-${String(i).padStart(12, '0')}`;
      return [id, 'product', 0, 'Pro', 'Pro'];
    });
    for (let i = 0; i < rows.length; i += 1_000) {
      const slice = rows.slice(i, i + 1_000);
      await db.query(
        `INSERT INTO submission_field_values (submission_id, name, position, value_text, value_key)
         VALUES ${slice.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        slice.flat(),
      );
    }
    try {
      expect(await listed({ 'field.product': 'Pro' })).toEqual(newestFirst('a1', 'a3'));
      expect(await listed({ 'field.product': 'Pro', 'field.quantity': '6..' })).toEqual([ids.a3]);
      expect(await listed({ 'field.product': 'Pro', 'field.topics': 'Billing' })).toEqual([ids.a1]);
      const first = await list({ 'field.product': 'Pro', limit: '1' }).expect(200);
      const second = await list({ 'field.product': 'Pro', limit: '1', cursor: first.body.next_cursor }).expect(200);
      expect([...first.body.items, ...second.body.items].map((item: { id: string }) => item.id)).toEqual(
        newestFirst('a1', 'a3'),
      );
      expect((await exported({ 'field.product': 'Pro' })).slice(1).map((cells) => cells[0])).toEqual(
        newestFirst('a1', 'a3'),
      );
    } finally {
      await db.query("DELETE FROM submission_field_values WHERE submission_id LIKE '0190aaaa-%'");
    }
  });

  it('pages a filtered list with the cursor', async () => {
    const first = await list({ 'field.product': 'Basic', limit: '1' }).expect(200);
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([ids.b2]);
    const second = await list({ 'field.product': 'Basic', limit: '1', cursor: first.body.next_cursor }).expect(200);
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([ids.a2]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('counts what the list shows, per status', async () => {
    const queries: Record<string, string>[] = [
      { 'field.product': 'Pro' },
      { 'field.quantity': '..10' },
      { 'field.product': 'Basic', 'field.size': '5..' },
      { 'field.region': 'North' },
    ];
    for (const query of queries) {
      const counts = await counted(query);
      const shown = await listed(query);
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(shown.length);
      for (const status of STATUSES) {
        expect(counts[status]).toBe((await listed({ ...query, status })).length);
      }
    }
    expect(await counted({ 'field.product': 'Pro' })).toMatchObject({ new: 1, open: 1 });
  });

  it('refuses a filter that does not fit the field with 400, on the list, the counts and the export', async () => {
    const long = 'p'.repeat(101);
    const refusals: [string, string][] = [
      ['field.nothing=1', 'Invalid field: field.nothing'],
      // Personal fields have no filter columns; text-like types no filter at all.
      ['field.secret_choice=x', 'Invalid field: field.secret_choice'],
      ['field.order_ref=zephyrine-1001', 'Invalid field: field.order_ref'],
      [`field.product=${long}`, 'Invalid field: field.product'],
      ['field.consent=yes', 'Invalid field: field.consent'],
      ['field.consent=TRUE', 'Invalid field: field.consent'],
      ['field.quantity=5', 'Invalid field: field.quantity'],
      ['field.quantity=..', 'Invalid field: field.quantity'],
      ['field.quantity=a..b', 'Invalid field: field.quantity'],
      ['field.quantity=1e3..', 'Invalid field: field.quantity'],
      ['field.quantity=10..5', 'Invalid field: field.quantity'],
      ['field.quantity=..99999999999999999', 'Invalid field: field.quantity'],
      ['field.delivery=2026-02-30..', 'Invalid field: field.delivery'],
      ['field.delivery=2026-1-5..', 'Invalid field: field.delivery'],
      ['field.delivery=2026-12-31..2026-01-01', 'Invalid field: field.delivery'],
      ['field.delivery=2026-03-10', 'Invalid field: field.delivery'],
      ['field.product=Pro&field.product=Basic', 'Invalid field: field.product'],
      ['field.product[]=Pro', 'Invalid field: field.product[]'],
      ['field.=x', 'Invalid field: field.'],
      ['field.__proto__=x', 'Invalid field: field.__proto__'],
      ['field.product=Pro&field.size=big', 'Invalid field: field.size'],
      // Only `field.` members are let through: anything else undeclared is still unknown.
      ['fields=x', 'Unknown field: fields'],
      ['fieldproduct=Pro', 'Unknown field: fieldproduct'],
    ];
    const before = await listed({});
    for (const path of [LIST, `${LIST}/counts`, `${LIST}/export.csv`]) {
      for (const [query, message] of refusals) {
        const answer = await t.http().get(`${path}?${query}`).set('Cookie', agent);
        expect([path, query, answer.status, answer.body]).toEqual([path, query, 400, { status: 'error', message }]);
      }
    }
    expect(await listed({})).toEqual(before);
  });

  it('takes an empty field filter as absent, as every other parameter', async () => {
    expect(await listed({ 'field.product': '' })).toEqual(await listed({}));
  });

  it('exports a column per field of the exported keys, by key then in its order, current and retired', async () => {
    const all = await exported({});
    const fixed = all[0].indexOf('unreadable') + 1;
    expect(all[0].slice(fixed)).toEqual([
      'field.product',
      'field.topics',
      'field.consent',
      'field.quantity',
      'field.delivery',
      'field.order_ref',
      'field.secret_choice',
      'field.size',
      'field.region',
    ]);
    const row = (id: string) => {
      const line = all.find((cells) => cells[0] === id)!;
      return Object.fromEntries(all[0].slice(fixed).map((name, i) => [name, line[fixed + i]]));
    };
    expect(row(ids.a1)).toEqual({
      'field.product': 'Pro',
      'field.topics': 'Billing; Shipping',
      'field.consent': 'true',
      'field.quantity': '5',
      'field.delivery': '2026-03-10',
      'field.order_ref': 'zephyrine-1001',
      'field.secret_choice': 'x',
      'field.size': '',
      'field.region': '',
    });
    expect(row(ids.a2)).toMatchObject({
      'field.consent': 'false',
      'field.quantity': '50',
      // A value that starts like a formula is shown as text, as every other cell.
      'field.order_ref': `'=HYPERLINK("http://evil.example")`,
    });
    // A negative number starts like a formula too: the same protection applies.
    expect(row(ids.a4)).toMatchObject({ 'field.quantity': "'-2", 'field.product': 'Enterprise' });
    expect(row(ids.a5)).toMatchObject({ 'field.product': '', 'field.topics': '', 'field.consent': '' });
    expect(row(ids.b1)).toMatchObject({ 'field.product': 'Gold', 'field.size': '3', 'field.region': 'North' });
    expect(row(ids.b3)).toMatchObject({ 'field.product': 'Gold', 'field.region': '' });

    // Only the keys of the rows exported give columns.
    const onlyB = await exported({ 'field.product': 'Gold' });
    expect(onlyB[0].slice(fixed)).toEqual(['field.product', 'field.size', 'field.region']);
    expect(onlyB.slice(1).map((cells) => cells[0])).toEqual(newestFirst('b1', 'b3'));
    const none = await exported({ 'field.product': 'Platinum' });
    expect(none).toEqual([all[0].slice(0, fixed)]);

    const audit = (
      await t
        .http()
        .get('/staff/api/audit')
        .set('Cookie', admin)
        .query({ action: 'submissions.exported', limit: '1' })
        .expect(200)
    ).body.items[0] as { after: Record<string, unknown> };
    expect(audit.after).toMatchObject({ fields: { product: 'Platinum' } });
  });

  it('finds submissions by the words of their text fields and select choices', async () => {
    expect(await listed({ q: 'zephyrine' })).toEqual([ids.a1]);
    expect(await listed({ q: 'zephyr' })).toEqual([ids.a1]);
    expect(await listed({ q: 'Enterprise' })).toEqual([ids.a4]);
    expect(await listed({ q: 'Gold' })).toEqual(newestFirst('b1', 'b3'));
    // Still by the submission's own columns.
    expect(await listed({ q: 'Three' })).toEqual([ids.a3]);
    // Not by numbers, dates or checkboxes.
    expect(await listed({ q: 'true' })).toEqual([]);
    expect(await listed({ q: '2026' })).toEqual([]);
    expect(Object.values(await counted({ q: 'zephyrine' })).reduce((sum, n) => sum + n, 0)).toBe(1);
    const csv = await exported({ q: 'zephyrine' });
    expect(csv.slice(1).map((cells) => cells[0])).toEqual([ids.a1]);
  });

  it('with encryption at rest: filters still work, a word search answers unavailable', async () => {
    const encrypted = await createTestApp({
      DATABASE_URL: database.url,
      DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    });
    try {
      const cookie = await staffCookie(encrypted, (await newStaffAccount(encrypted, 'Sealed Agent')).email);
      const filtered = await list({ 'field.product': 'Pro', limit: '100' }, cookie, encrypted).expect(200);
      expect(filtered.body.items.map((item: { id: string }) => item.id)).toEqual(newestFirst('a1', 'a3'));
      const searched = await list({ q: 'zephyrine' }, cookie, encrypted).expect(200);
      expect(searched.body).toEqual({ items: [], next_cursor: null, search: 'unavailable: encrypted' });
      await list({ 'field.secret_choice': 'x' }, cookie, encrypted).expect(400, {
        status: 'error',
        message: 'Invalid field: field.secret_choice',
      });
    } finally {
      await encrypted.close();
    }
  });
});

/** RFC 4180 lines as cells (quoted cells with commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  return rows;
}
