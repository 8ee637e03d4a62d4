import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SubmissionFields } from '../src/submissions/lifecycle/submission-fields.service';
import { runCli } from './support/processes';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

/** Part five's custom fields (issue 55) through HTTP: definitions, intake, the schema, views, sealing. */
describe('custom fields', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let agent: string;

  const putFields = (keyId: string, body: unknown, cookie = admin) =>
    t
      .http()
      .put(`/staff/api/keys/${keyId}/fields`)
      .set('Cookie', cookie)
      .send(body as object);

  /** A key with these fields and a function that posts a body with its token. */
  const keyWith = async (fields: object[] | null) => {
    const { id, key } = await t.createKey({ rateLimit: 100_000 });
    if (fields) {
      await putFields(id, { fields }).expect(200);
    }
    const { access_token } = await issueTokens(t, key);
    const post = (body: unknown) =>
      t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access_token}`)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body));
    const form = () => t.http().get('/contact_api.php').set('Authorization', `Bearer ${access_token}`);
    return { id, post, form, token: access_token };
  };
  const stored = async (keyId: string) =>
    Number(
      (await db.query<{ n: string }[]>('SELECT COUNT(*) AS n FROM submissions WHERE api_key_id = ?', [keyId]))[0].n,
    );
  const detail = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', agent).expect(200)).body as {
      fields: { name: string; label: string; type: string; value: unknown; retired: boolean }[];
    };

  const ALL_TYPES = [
    { name: 'order_number', label: 'Order number', type: 'text', required: true, max_length: 20 },
    { name: 'details', label: 'Details', type: 'long_text' },
    { name: 'quantity', label: 'Quantity', type: 'number', min: 1, max: 100 },
    { name: 'delivery_date', label: 'Delivery date', type: 'date' },
    { name: 'billing_email', label: 'Billing e-mail', type: 'email' },
    { name: 'website', label: 'Website', type: 'url' },
    { name: 'mobile', label: 'Mobile', type: 'phone' },
    { name: 'product', label: 'Product', type: 'select', options: ['Basic', 'Pro', 'Enterprise'], required: true },
    { name: 'topics', label: 'Topics', type: 'multi_select', options: ['Billing', 'Shipping', 'Returns'] },
    { name: 'consent', label: 'I agree to be contacted', type: 'checkbox', required: true },
    { name: 'internal_score', label: 'Internal score', type: 'number', staff_only: true },
  ];
  const GOOD = {
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    fields: { order_number: 'A-1001', product: 'Pro', consent: true },
  };
  const good = GOOD.fields;
  const withFields = (fields: unknown) => ({ ...GOOD, fields });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await staffCookie(t, (await newStaffAccount(t, 'Fields Admin', 'admin')).email);
    agent = await staffCookie(t, (await newStaffAccount(t, 'Fields Agent')).email);
  });
  afterAll(() => t.close());

  describe('definitions', () => {
    it('stores the whole list as a version, answers it to every staff member, and audits it', async () => {
      const { id } = await t.createKey();
      const empty = await t.http().get(`/staff/api/keys/${id}/fields`).set('Cookie', agent).expect(200);
      expect(empty.body).toEqual({ version: 0, fields: [] });

      const put = await putFields(id, { fields: ALL_TYPES }).expect(200);
      expect(put.body.version).toBe(1);
      expect(put.body.fields).toHaveLength(ALL_TYPES.length);
      expect(put.body.fields[0]).toEqual({
        name: 'order_number',
        label: 'Order number',
        type: 'text',
        required: true,
        options: null,
        max_length: 20,
        min: null,
        max: null,
        help: null,
        personal: true,
        staff_only: false,
      });
      // Defaults: personal for text-like types only; max_length at the type's ceiling.
      const byName = Object.fromEntries((put.body.fields as { name: string }[]).map((field) => [field.name, field]));
      expect(byName.details).toMatchObject({ personal: true, max_length: 10_000, required: false });
      expect(byName.product).toMatchObject({ personal: false, options: ['Basic', 'Pro', 'Enterprise'] });
      expect(byName.quantity).toMatchObject({ personal: false, min: 1, max: 100 });

      const read = await t.http().get(`/staff/api/keys/${id}/fields`).set('Cookie', agent).expect(200);
      expect(read.body).toEqual(put.body);

      const second = await putFields(id, { fields: ALL_TYPES.slice(1) }).expect(200);
      expect(second.body.version).toBe(2);

      const audit = await t
        .http()
        .get('/staff/api/audit?action=custom_fields.updated')
        .set('Cookie', admin)
        .expect(200);
      const mine = (audit.body.items as { target_id: string; before: unknown; after: unknown }[]).filter(
        (event) => event.target_id === id,
      );
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatchObject({
        before: { version: 1 },
        after: { version: 2, fields: ALL_TYPES.slice(1).map((field) => field.name) },
      });
    });

    it('is for admins to write and unknown keys are 404', async () => {
      const { id } = await t.createKey();
      await putFields(id, { fields: [] }, agent).expect(403);
      await putFields('01900000-0000-7000-8000-000000000000', { fields: [] }).expect(404, {
        status: 'error',
        message: 'Not found',
      });
      await t
        .http()
        .get('/staff/api/keys/01900000-0000-7000-8000-000000000000/fields')
        .set('Cookie', agent)
        .expect(404);
    });

    const text = (more: object = {}) => ({ name: 'a', label: 'A', type: 'text', ...more });
    it.each([
      [{}, 'Missing field: fields'],
      [{ fields: {} }, 'Invalid field: fields'],
      [{ fields: [], more: 1 }, 'Unknown field: more'],
      [{ fields: Array.from({ length: 51 }, (_, i) => text({ name: `f${i}` })) }, 'Invalid field: fields'],
      [{ fields: [text({ colour: 'red' })] }, 'Unknown field: fields[0].colour'],
      [{ fields: [text({ name: undefined })] }, 'Missing field: fields[0].name'],
      [{ fields: [text({ name: 'Order' })] }, 'Invalid field: fields[0].name'],
      [{ fields: [text({ name: '_a' })] }, 'Invalid field: fields[0].name'],
      [{ fields: [text({ name: 'constructor' })] }, 'Invalid field: fields[0].name'],
      [{ fields: [text({ name: 'a'.repeat(41) })] }, 'Invalid field: fields[0].name'],
      [{ fields: [text(), text()] }, 'Invalid field: fields[1].name'],
      [{ fields: [text({ label: ' ' })] }, 'Missing field: fields[0].label'],
      [{ fields: [text({ label: 'a\nb' })] }, 'Invalid field: fields[0].label'],
      [{ fields: [text({ type: 'colour' })] }, 'Invalid field: fields[0].type'],
      [{ fields: [text({ required: 'yes' })] }, 'Invalid field: fields[0].required'],
      [{ fields: [text({ max_length: 1001 })] }, 'Invalid field: fields[0].max_length'],
      [{ fields: [text({ options: ['x'] })] }, 'Invalid field: fields[0].options'],
      [{ fields: [text({ type: 'select' })] }, 'Missing field: fields[0].options'],
      [{ fields: [text({ type: 'select', options: [] })] }, 'Invalid field: fields[0].options'],
      [{ fields: [text({ type: 'select', options: ['x', 'x'] })] }, 'Invalid field: fields[0].options'],
      // 10 000 options within the 64 KiB body limit: refused for their number, before any is read.
      [
        { fields: [text({ type: 'select', options: Array.from({ length: 10_000 }, (_, i) => String(i % 1000)) })] },
        'Invalid field: fields[0].options',
      ],
      [{ fields: [text({ type: 'number', min: 5, max: 1 })] }, 'Invalid field: fields[0].max'],
      [{ fields: [text({ type: 'number', max: 1e300 })] }, 'Invalid field: fields[0].max'],
      [{ fields: [text({ min: 1 })] }, 'Invalid field: fields[0].min'],
      [{ fields: [text({ help: 'x'.repeat(501) })] }, 'Invalid field: fields[0].help'],
    ])('refuses a definition list with %# and changes nothing', async (body, message) => {
      const { id } = await t.createKey();
      const response = await putFields(id, body).expect(400);
      expect(response.body).toEqual({ status: 'error', message });
      expect((await t.http().get(`/staff/api/keys/${id}/fields`).set('Cookie', agent)).body.version).toBe(0);
    });

    it('keeps a name to its type and to its personal flag, retired or not', async () => {
      const { id } = await t.createKey();
      await putFields(id, { fields: [text()] }).expect(200);
      await putFields(id, { fields: [] }).expect(200);
      expect((await putFields(id, { fields: [text({ type: 'long_text' })] }).expect(400)).body.message).toBe(
        'Invalid field: fields[0].type',
      );
      expect((await putFields(id, { fields: [text({ personal: false })] }).expect(400)).body.message).toBe(
        'Invalid field: fields[0].personal',
      );
      await putFields(id, { fields: [text({ label: 'Renamed', required: true })] }).expect(200);
    });

    it('never changes a table: definitions and values are rows (information_schema before and after)', async () => {
      const schema = async () =>
        db.query<{ c: string }[]>(
          `SELECT CONCAT(TABLE_NAME, '.', COLUMN_NAME, ':', COLUMN_TYPE) AS c FROM information_schema.COLUMNS
           WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
        );
      const indexes = async () =>
        db.query<{ c: string }[]>(
          `SELECT CONCAT(TABLE_NAME, '.', INDEX_NAME, '.', COLUMN_NAME) AS c FROM information_schema.STATISTICS
           WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
        );
      const before = [await schema(), await indexes()];
      const { id, post } = await keyWith(ALL_TYPES);
      await post({ ...GOOD, fields: { ...GOOD.fields, topics: ['Billing'], quantity: 3 } }).expect(200);
      await putFields(id, { fields: ALL_TYPES.slice(0, 3) }).expect(200);
      await putFields(id, { fields: [...ALL_TYPES, { name: 'extra', label: 'Extra', type: 'date' }] }).expect(200);
      expect([await schema(), await indexes()]).toEqual(before);
      expect(before[0].length).toBeGreaterThan(100);
    });
  });

  describe('the command line', () => {
    const cli = (args: string[], input?: string) =>
      runCli(args, { env: { DATABASE_URL: t.config.db.url, LOG_LEVEL: 'error' }, input }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    it("sets a key's fields from a JSON file (or standard input) and shows them, with the API's rules", async () => {
      const { id } = await t.createKey();
      const file = join(await mkdtemp(join(tmpdir(), 'fields-')), 'fields.json');
      await writeFile(file, JSON.stringify({ fields: ALL_TYPES.slice(0, 2) }));
      const set = await cli(['fields', 'set', id, '--file', file]);
      expect(set).toMatchObject({ code: 0 });
      expect(set.stdout).toContain('fields version 1 (order_number, details)');
      // Standard input, and the API's rules and messages: nothing stored.
      const bad = await cli(
        ['fields', 'set', id, '--file', '-'],
        JSON.stringify({ fields: [{ name: 'X', label: 'x', type: 'text' }] }),
      );
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Invalid field: fields[0].name');
      const shown = await cli(['fields', 'show', id]);
      expect(JSON.parse(shown.stdout)).toEqual(
        (await t.http().get(`/staff/api/keys/${id}/fields`).set('Cookie', agent)).body,
      );
      expect(JSON.parse(shown.stdout)).toMatchObject({ version: 1 });
    });
  });

  describe('intake', () => {
    it('answers a key without fields exactly as before: `fields` is an unknown member', async () => {
      const { post } = await keyWith(null);
      expect((await post({ fields: {}, foo: 1, name: 'x' }).expect(400)).body).toEqual({
        status: 'error',
        message: 'Unknown field: fields',
      });
      expect((await post({ name: 'x', fields: {} }).expect(400)).body.message).toBe('Unknown field: fields');
      // Only staff fields: a client has nothing to send.
      const staffOnly = await keyWith([{ name: 'score', label: 'Score', type: 'number', staff_only: true }]);
      expect((await staffOnly.post({ name: 'x', fields: {} }).expect(400)).body.message).toBe('Unknown field: fields');
      await staffOnly.post({ name: 'x' }).expect(200);
    });

    it('stores every type and shows it on the detail, typed, in the key order', async () => {
      const { post } = await keyWith(ALL_TYPES);
      const response = await post({
        ...GOOD,
        fields: {
          order_number: '  A-1001  ',
          details: 'Line one\nLine two',
          quantity: 2.5,
          delivery_date: '2028-02-29',
          billing_email: 'billing@example.org',
          website: 'https://example.org/shop?x=1',
          mobile: '+44 20 7946 0958',
          product: 'Enterprise',
          topics: ['Returns', 'Billing'],
          consent: true,
        },
      }).expect(200);
      const view = await detail(response.body.id);
      expect(view.fields.map((field) => [field.name, field.value, field.retired])).toEqual([
        ['order_number', 'A-1001', false],
        ['details', 'Line one\nLine two', false],
        ['quantity', 2.5, false],
        ['delivery_date', '2028-02-29', false],
        ['billing_email', 'billing@example.org', false],
        ['website', 'https://example.org/shop?x=1', false],
        ['mobile', '+44 20 7946 0958', false],
        ['product', 'Enterprise', false],
        ['topics', ['Returns', 'Billing'], false],
        ['consent', true, false],
        ['internal_score', null, false],
      ]);
      expect(view.fields[0]).toEqual({
        name: 'order_number',
        label: 'Order number',
        type: 'text',
        value: 'A-1001',
        retired: false,
      });
    });

    it.each([
      // Order: part one first, then fields (unknown, missing, invalid), each in the key's order.
      [{ name: '', fields: { nope: 1 } }, 'Missing field: name'],
      [{ name: 'x', email: 'no', fields: { nope: 1 } }, 'Invalid field: email'],
      [withFields('x'), 'Invalid field: fields'],
      [withFields([]), 'Invalid field: fields'],
      [withFields({ ...good, nope: 1, product: 'None' }), 'Unknown field: fields.nope'],
      [withFields({ ...good, internal_score: 5 }), 'Unknown field: fields.internal_score'],
      [withFields({ ...good, constructor: 'x' }), 'Unknown field: fields.constructor'],
      [withFields({ ...good, toString: 'x' }), 'Unknown field: fields.toString'],
      [withFields({ product: 'None' }), 'Missing field: fields.order_number'],
      [withFields(null), 'Missing field: fields.order_number'],
      [{ name: 'x' }, 'Missing field: fields.order_number'],
      [withFields({ ...good, order_number: '   ' }), 'Missing field: fields.order_number'],
      [withFields({ ...good, product: '' }), 'Missing field: fields.product'],
      [withFields({ ...good, consent: false }), 'Missing field: fields.consent'],
      [withFields({ ...good, consent: null }), 'Missing field: fields.consent'],
      [withFields({ ...good, order_number: 'x'.repeat(21), product: 'None' }), 'Invalid field: fields.order_number'],
      [withFields({ ...good, order_number: 5 }), 'Invalid field: fields.order_number'],
      [withFields({ ...good, order_number: 'a\tb' }), 'Invalid field: fields.order_number'],
      [withFields({ ...good, details: 'a\u0000b' }), 'Invalid field: fields.details'],
      [withFields({ ...good, details: 'x'.repeat(10_001) }), 'Invalid field: fields.details'],
      [withFields({ ...good, quantity: '3' }), 'Invalid field: fields.quantity'],
      [withFields({ ...good, quantity: 0 }), 'Invalid field: fields.quantity'],
      [withFields({ ...good, quantity: 101 }), 'Invalid field: fields.quantity'],
      [withFields({ ...good, delivery_date: '2026-02-30' }), 'Invalid field: fields.delivery_date'],
      [withFields({ ...good, delivery_date: '2026-2-3' }), 'Invalid field: fields.delivery_date'],
      [withFields({ ...good, delivery_date: '2026-02-03T10:00:00Z' }), 'Invalid field: fields.delivery_date'],
      [withFields({ ...good, billing_email: 'not an address' }), 'Invalid field: fields.billing_email'],
      [withFields({ ...good, website: 'javascript:alert(1)' }), 'Invalid field: fields.website'],
      [withFields({ ...good, website: 'ftp://example.org/' }), 'Invalid field: fields.website'],
      [withFields({ ...good, website: 'https://' }), 'Invalid field: fields.website'],
      [withFields({ ...good, mobile: 'call me' }), 'Invalid field: fields.mobile'],
      [withFields({ ...good, product: 'pro' }), 'Invalid field: fields.product'],
      [withFields({ ...good, product: ['Pro'] }), 'Invalid field: fields.product'],
      [withFields({ ...good, topics: ['Billing', 'Billing'] }), 'Invalid field: fields.topics'],
      [withFields({ ...good, topics: ['Billing', 'Other'] }), 'Invalid field: fields.topics'],
      [withFields({ ...good, topics: 'Billing' }), 'Invalid field: fields.topics'],
      [withFields({ ...good, consent: 'true' }), 'Invalid field: fields.consent'],
      [withFields({ ...good, details: { deep: { deeper: [1, 2, 3] } } }), 'Invalid field: fields.details'],
      [withFields({ ...good, quantity: 3, order_number: 5 }), 'Invalid field: fields.order_number'],
    ])('answers intake body %# and stores nothing', async (body, message) => {
      const { id, post } = await keyWith(ALL_TYPES);
      const response = await post(body).expect(400);
      expect(response.body).toEqual({ status: 'error', message });
      expect(await stored(id)).toBe(0);
    });

    it('stores 64 submissions sent at once, each with its values, the first time the key is used', async () => {
      const { id, post } = await keyWith(ALL_TYPES);
      const fields = { ...good, quantity: 7, topics: ['Billing', 'Returns'], billing_email: 'b@example.org' };
      const answers = await Promise.all(
        Array.from({ length: 64 }, (_, i) => post({ ...GOOD, message: `At once ${i}`, fields })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array<number>(64).fill(200));
      expect(await stored(id)).toBe(64);
      const rows = await db.query<{ field_values: string }[]>(
        'SELECT field_values FROM submissions WHERE api_key_id = ?',
        [id],
      );
      expect(rows.map((row) => JSON.parse(row.field_values) as unknown)).toEqual(Array(64).fill(fields));
    });

    it('refuses hostile bodies in the envelope: huge, deep, beyond double precision, prototype keys', async () => {
      const { id, post } = await keyWith([...ALL_TYPES.filter((field) => !field.required)]);
      const cases: [string, string][] = [
        ['{"name":"x","fields":{"quantity":1e400}}', 'Invalid field: fields.quantity'],
        ['{"name":"x","fields":{"quantity":9007199254740993}}', 'Invalid field: fields.quantity'],
        ['{"name":"x","fields":{"quantity":-9007199254740993}}', 'Invalid field: fields.quantity'],
        ['{"name":"x","fields":{"__proto__":{"admin":true}}}', 'Invalid JSON body'],
        [`{"name":"x","fields":{"details":${'['.repeat(60)}${']'.repeat(60)}}}`, 'Invalid field: fields.details'],
        // Deeper than the parser takes (64): refused before anything is built.
        [`{"name":"x","fields":{"details":${'['.repeat(5000)}${']'.repeat(5000)}}}`, 'Invalid JSON body'],
        [
          `{"name":"x","fields":{${Array.from({ length: 2000 }, (_, i) => `"k${i}":1`).join(',')}}}`,
          'Unknown field: fields.k0',
        ],
        [
          `{"name":"x","fields":{"topics":[${Array.from({ length: 6000 }, () => '"Billing"').join(',')}]}}`,
          'Invalid field: fields.topics',
        ],
      ];
      for (const [body, message] of cases) {
        const response = await post(body);
        expect([response.status, response.body]).toEqual([400, { status: 'error', message }]);
      }
      expect(await stored(id)).toBe(0);
    });

    it('takes null and blank as absent for optional fields and keeps a retired value, shown as retired', async () => {
      const { id, post } = await keyWith(ALL_TYPES);
      const first = await post(withFields({ ...good, details: '  ', quantity: null, topics: [], mobile: '' })).expect(
        200,
      );
      expect(
        (await detail(first.body.id)).fields.filter((field) => field.value !== null).map((field) => field.name),
      ).toEqual(['order_number', 'product', 'consent']);
      // Retire order_number (its value stays) and the next body may not send it.
      await putFields(id, { fields: ALL_TYPES.slice(1) }).expect(200);
      const view = await detail(first.body.id);
      expect(view.fields.at(-1)).toEqual({
        name: 'order_number',
        label: 'Order number',
        type: 'text',
        value: 'A-1001',
        retired: true,
      });
      expect(view.fields.map((field) => field.name)).not.toContain(undefined);
    });
  });

  describe('GET /contact_api.php', () => {
    it("answers the key's client fields and a JSON Schema 2020-12, with an ETag that changes with them", async () => {
      const { id, form } = await keyWith(ALL_TYPES);
      const first = await form().expect(200);
      expect(first.body.status).toBe('success');
      expect((first.body.fields as { name: string }[]).map((field) => field.name)).toEqual(
        ALL_TYPES.filter((field) => !field.staff_only).map((field) => field.name),
      );
      expect(first.body.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      await form().set('If-None-Match', etag).expect(304);
      await putFields(id, { fields: ALL_TYPES.slice(1) }).expect(200);
      const second = await form().set('If-None-Match', etag).expect(200);
      expect(second.headers.etag).not.toBe(etag);
      expect((second.body.fields as { name: string }[])[0].name).toBe('details');
    });

    it('answers a key without fields with none and the part-one schema; needs the bearer token', async () => {
      const { form } = await keyWith(null);
      const response = await form().expect(200);
      expect(response.body.fields).toEqual([]);
      expect(Object.keys(response.body.schema.properties)).toEqual(['name', 'email', 'phone', 'business', 'message']);
      await t.http().get('/contact_api.php').expect(401);
    });

    it('agrees with the service on every good and bad body tried (a stock validator: Ajv 2020 with formats)', async () => {
      const { id, post, form } = await keyWith(ALL_TYPES);
      const schema = (await form().expect(200)).body.schema as object;
      const ajv = new Ajv2020({ strict: false });
      addFormats(ajv);
      const validate = ajv.compile(schema);
      const bodies: unknown[] = [
        GOOD,
        { ...GOOD, email: null, phone: '', business: '   ' },
        { name: '' },
        { name: '   ', fields: good },
        { name: 'x' },
        { name: 'x', fields: null },
        { name: 'x', extra: 1, fields: good },
        { name: 5, fields: good },
        { name: 'x', email: 'no', fields: good },
        { name: 'x', phone: 'abc', fields: good },
        { name: 'x', message: 'a\u0001', fields: good },
        { name: 'a\tb', fields: good },
        { name: 'x'.repeat(201), fields: good },
        { name: 'x'.repeat(200), fields: good },
        { name: 'x', message: 'm'.repeat(10_000), fields: good },
        { name: 'x', message: 'm'.repeat(10_001), fields: good },
        withFields({ ...good, nope: 1 }),
        withFields({ ...good, internal_score: 1 }),
        withFields({ ...good, order_number: '' }),
        withFields({ ...good, order_number: 'x'.repeat(20) }),
        withFields({ ...good, order_number: 'x'.repeat(21) }),
        withFields({ ...good, order_number: 'ok\u{1F600}' }),
        withFields({ ...good, order_number: 'a\nb' }),
        withFields({ ...good, details: 'a\nb\tc' }),
        withFields({ ...good, details: null }),
        withFields({ ...good, quantity: 1 }),
        withFields({ ...good, quantity: 100 }),
        withFields({ ...good, quantity: 100.5 }),
        withFields({ ...good, quantity: '5' }),
        withFields({ ...good, quantity: null }),
        withFields({ ...good, delivery_date: '2024-02-29' }),
        withFields({ ...good, delivery_date: '2023-02-29' }),
        withFields({ ...good, delivery_date: '2026-13-01' }),
        withFields({ ...good, delivery_date: '' }),
        withFields({ ...good, billing_email: 'a@b.example' }),
        withFields({ ...good, billing_email: 'a@@b' }),
        withFields({ ...good, website: 'http://example.org' }),
        withFields({ ...good, website: 'HTTPS://example.org/path#x' }),
        withFields({ ...good, website: 'mailto:a@b.example' }),
        withFields({ ...good, website: 'example.org' }),
        withFields({ ...good, mobile: '+1 (555) 010-0000 x12' }),
        withFields({ ...good, mobile: '555-CALL' }),
        withFields({ ...good, mobile: '1'.repeat(33) }),
        withFields({ ...good, product: 'Basic' }),
        withFields({ ...good, product: 'basic' }),
        withFields({ ...good, product: null }),
        withFields({ ...good, topics: [] }),
        withFields({ ...good, topics: ['Shipping'] }),
        withFields({ ...good, topics: ['Shipping', 'Shipping'] }),
        withFields({ ...good, topics: ['Shipping', 5] }),
        withFields({ ...good, topics: [null] }),
        withFields({ ...good, consent: true }),
        withFields({ ...good, consent: false }),
        withFields({ ...good, consent: 1 }),
        withFields({ order_number: 'A', product: 'Pro' }),
        withFields({ order_number: 'A', consent: true }),
      ];
      let accepted = 0;
      for (const body of bodies) {
        const response = await post(body);
        const schemaSays = validate(body);
        expect({ body, service: response.status, schema: schemaSays }).toEqual({
          body,
          service: schemaSays ? 200 : 400,
          schema: schemaSays,
        });
        accepted += schemaSays ? 1 : 0;
      }
      expect(accepted).toBeGreaterThan(15);
      expect(await stored(id)).toBe(accepted);
    });
  });

  describe('encryption at rest', () => {
    it('seals every value and keeps personal ones out of the filter columns (the raw row)', async () => {
      const keys = `k1:${randomBytes(32).toString('base64')}`;
      const sealed = await createTestApp({ DATABASE_URL: t.config.db.url, DATA_ENCRYPTION_KEYS: keys });
      try {
        const sealedAdmin = await staffCookie(sealed, (await newStaffAccount(sealed, 'Sealed Admin', 'admin')).email);
        const { id, key } = await sealed.createKey({ rateLimit: 1000 });
        await sealed
          .http()
          .put(`/staff/api/keys/${id}/fields`)
          .set('Cookie', sealedAdmin)
          .send({ fields: ALL_TYPES })
          .expect(200);
        const { access_token } = await issueTokens(sealed, key);
        const response = await sealed
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ ...GOOD, fields: { ...good, order_number: 'Secret-Order-4711', billing_email: 'payer@example.org' } })
          .expect(200);
        // The values are sealed in the submission's row, with its other personal columns.
        const [row] = await db.query<{ field_values: string; enc_key_id: string }[]>(
          'SELECT field_values, enc_key_id FROM submissions WHERE id = ?',
          [response.body.id],
        );
        expect(row.enc_key_id).toBe('k1');
        for (const secret of ['Secret-Order', '4711', 'payer@', 'example.org', 'Pro']) {
          expect(row.field_values).not.toContain(secret);
        }
        // The filter index (the worker writes it): values of fields that are not personal only.
        await sealed.app.get(SubmissionFields).indexOf(response.body.id as string);
        const index = await db.query<Record<string, unknown>[]>(
          'SELECT name, position, value_key, value_number, value_date FROM submission_field_values WHERE submission_id = ? ORDER BY name',
          [response.body.id],
        );
        expect(index).toEqual([
          { name: 'consent', position: 0, value_key: 'true', value_number: null, value_date: null },
          { name: 'product', position: 0, value_key: 'Pro', value_number: null, value_date: null },
        ]);
        const view = (
          await sealed.http().get(`/staff/api/submissions/${response.body.id}`).set('Cookie', sealedAdmin).expect(200)
        ).body as { fields: { name: string; value: unknown }[] };
        expect(view.fields.find((field) => field.name === 'order_number')!.value).toBe('Secret-Order-4711');
      } finally {
        await sealed.close();
      }
    });
  });

  describe('personal data', () => {
    it("exports a person's values (retired and personal ones too) and erases them with the submission", async () => {
      const { id, post } = await keyWith(ALL_TYPES);
      const email = `fields-${randomBytes(4).toString('hex')}@example.org`;
      const sent = await post({
        ...GOOD,
        email,
        fields: { ...good, billing_email: 'payer@example.org', topics: ['Billing'] },
      }).expect(200);
      await putFields(id, { fields: ALL_TYPES.filter((field) => field.name !== 'topics') }).expect(200);
      const exported = await t
        .http()
        .post('/staff/api/privacy/export')
        .set('Cookie', admin)
        .send({ email })
        .expect(200);
      expect(exported.body.submissions).toHaveLength(1);
      const fields = exported.body.submissions[0].fields as { name: string; value: unknown; retired: boolean }[];
      expect(fields.find((field) => field.name === 'billing_email')).toMatchObject({ value: 'payer@example.org' });
      expect(fields.find((field) => field.name === 'topics')).toMatchObject({ value: ['Billing'], retired: true });

      await t.app.get(SubmissionFields).indexOf(sent.body.id as string);
      await t.http().post('/staff/api/privacy/erase').set('Cookie', admin).send({ email }).expect(200, { erased: 1 });
      const left = await db.query<{ n: string }[]>(
        'SELECT COUNT(*) AS n FROM submission_field_values WHERE submission_id = ?',
        [sent.body.id],
      );
      expect(Number(left[0].n)).toBe(0);
    });
  });
});
