import { DataSource } from 'typeorm';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

interface FieldView {
  name: string;
  label: string;
  type: string;
  value: unknown;
  retired: boolean;
}

/** Staff change custom fields' values (PATCH, a fact: audited, a webhook) and webhooks carry them (issue 55). */
describe('custom fields: staff changes and webhooks', () => {
  let t: TestApp;
  let db: DataSource;
  let database: { url: string; drop: () => Promise<void> };
  let admin: string;
  let agent: string;
  const receiver = new WebhookReceiver();
  let submit: (body: object) => Promise<string>;

  const FIELDS = [
    { name: 'order_number', label: 'Order number', type: 'text', required: true },
    { name: 'product', label: 'Product', type: 'select', options: ['Basic', 'Pro'] },
    { name: 'topics', label: 'Topics', type: 'multi_select', options: ['Billing', 'Returns'] },
    { name: 'score', label: 'Internal score', type: 'number', staff_only: true },
  ];
  const read = (id: string) => t.http().get(`/staff/api/submissions/${id}`).set('Cookie', agent).expect(200);
  const patch = (id: string, etag: string, body: object) =>
    t.http().patch(`/staff/api/submissions/${id}`).set('Cookie', agent).set('If-Match', etag).send(body);
  const valuesOf = (fields: FieldView[]) => Object.fromEntries(fields.map((field) => [field.name, field.value]));

  beforeAll(async () => {
    await receiver.start();
    database = await ownDatabase();
    t = await createTestApp({ DATABASE_URL: database.url, ROLE: 'all', WEBHOOK_RETRY_SCHEDULE: '0.3,0.3' });
    db = t.app.get(DataSource);
    admin = await staffCookie(t, (await newStaffAccount(t, 'Changes Admin', 'admin')).email);
    agent = await staffCookie(t, (await newStaffAccount(t, 'Changes Agent')).email);
    const { id, key } = await t.createKey({ rateLimit: 1000 });
    await t.http().put(`/staff/api/keys/${id}/fields`).set('Cookie', admin).send({ fields: FIELDS }).expect(200);
    await t
      .http()
      .post('/staff/api/webhooks')
      .set('Cookie', admin)
      .send({ url: receiver.url, api_key_id: id, events: ['submission.received', 'submission.fields_changed'] })
      .expect(201);
    const { access_token } = await issueTokens(t, key);
    let sent = 0;
    submit = async (body: object) =>
      (
        await t
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ name: 'Grace Hopper', message: `About my order (${++sent})`, ...body })
          .expect(200)
      ).body.id as string;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
    await database.drop();
  });

  it('sends the fields with submission.received', async () => {
    const id = await submit({ fields: { order_number: 'A-7', topics: ['Returns'] } });
    await waitUntil(
      () => receiver.received.some((hook) => hook.body.type === 'submission.received' && hook.body.data.id === id),
      'the received webhook',
    );
    const hook = receiver.received.find((each) => each.body.data.id === id)!;
    expect(valuesOf(hook.body.data.fields as FieldView[])).toEqual({
      order_number: 'A-7',
      product: null,
      topics: ['Returns'],
      score: null,
    });
  });

  it('has the worker write the index when it takes a submission (compared values of fields that are not personal)', async () => {
    const id = await submit({ fields: { order_number: 'W-1', product: 'Pro', topics: ['Billing', 'Returns'] } });
    const indexed = () =>
      db.query<{ name: string; position: number; value_key: string | null; value_text: string }[]>(
        'SELECT name, position, value_key, value_text FROM submission_field_values WHERE submission_id = ? ORDER BY name, position',
        [id],
      );
    await waitUntil(async () => (await indexed()).length > 0, 'the filter index');
    // order_number is personal: no compared value; its text is searchable as the row holds it in clear
    // (no encryption at rest here).
    expect(await indexed()).toEqual([
      { name: 'order_number', position: 0, value_key: null, value_text: 'W-1' },
      { name: 'product', position: 0, value_key: 'Pro', value_text: 'Pro' },
      { name: 'topics', position: 0, value_key: 'Billing', value_text: 'Billing' },
      { name: 'topics', position: 1, value_key: 'Returns', value_text: 'Returns' },
    ]);
    // A staff change replaces the changed fields' rows in its transaction.
    const before = await read(id);
    await patch(id, before.headers.etag, { fields: { topics: ['Returns'], product: null } }).expect(200);
    expect(await indexed()).toEqual([
      { name: 'order_number', position: 0, value_key: null, value_text: 'W-1' },
      { name: 'topics', position: 0, value_key: 'Returns', value_text: 'Returns' },
    ]);
  });

  it('changes values with If-Match: a new version, an audit event without personal values, a webhook with the fields', async () => {
    const id = await submit({ fields: { order_number: 'A-8', product: 'Basic' } });
    const before = await read(id);
    const changed = await patch(id, before.headers.etag, {
      fields: { order_number: 'B-9', product: 'Pro', score: 42, topics: ['Billing', 'Returns'] },
    }).expect(200);
    expect(changed.headers.etag).not.toBe(before.headers.etag);
    expect(valuesOf(changed.body.fields as FieldView[])).toEqual({
      order_number: 'B-9',
      product: 'Pro',
      topics: ['Billing', 'Returns'],
      score: 42,
    });
    expect(valuesOf((await read(id)).body.fields as FieldView[])).toEqual(valuesOf(changed.body.fields as FieldView[]));

    // Audited as a fact: the names, and the values of fields that are not personal (order_number is).
    const audit = await t.http().get(`/staff/api/audit?target=${id}`).set('Cookie', admin).expect(200);
    const event = (audit.body.items as { action: string; before: unknown; after: unknown }[]).find(
      (item) => item.action === 'submission.fields_changed',
    )!;
    expect(event.before).toEqual({ fields: { product: 'Basic', score: null, topics: null } });
    expect(event.after).toEqual({
      fields: { product: 'Pro', score: 42, topics: ['Billing', 'Returns'] },
      names: ['order_number', 'product', 'topics', 'score'],
    });
    expect(JSON.stringify(audit.body)).not.toContain('B-9');

    await waitUntil(
      () =>
        receiver.received.some((hook) => hook.body.type === 'submission.fields_changed' && hook.body.data.id === id),
      'the fields_changed webhook',
    );
    const hook = receiver.received.find(
      (each) => each.body.type === 'submission.fields_changed' && each.body.data.id === id,
    )!;
    expect(hook.body.data.names).toEqual(['order_number', 'product', 'topics', 'score']);
    expect(valuesOf(hook.body.data.fields as FieldView[])).toMatchObject({ order_number: 'B-9', product: 'Pro' });
    // The delivery row keeps no personal value (it is read when sending).
    const rows = await db.query<{ event_data: string }[]>(
      'SELECT event_data FROM webhook_deliveries WHERE submission_id = ?',
      [id],
    );
    expect(JSON.stringify(rows)).not.toContain('B-9');

    // Clearing an optional value; the same values again change nothing (no new version).
    const cleared = await patch(id, changed.headers.etag, { fields: { topics: [], product: null } }).expect(200);
    expect(valuesOf(cleared.body.fields as FieldView[])).toMatchObject({ product: null, topics: null });
    const same = await patch(id, cleared.headers.etag, { fields: { order_number: 'B-9' } }).expect(200);
    expect(same.headers.etag).toBe(cleared.headers.etag);
  });

  it.each([
    [{ fields: null }, 'Invalid field: fields'],
    [{ fields: ['x'] }, 'Invalid field: fields'],
    [{ fields: { nope: 1 } }, 'Unknown field: fields.nope'],
    [{ fields: { order_number: '' } }, 'Missing field: fields.order_number'],
    [{ fields: { order_number: null } }, 'Missing field: fields.order_number'],
    [{ fields: { product: 'Gold' } }, 'Invalid field: fields.product'],
    [{ fields: { score: 'high' } }, 'Invalid field: fields.score'],
    [{ status: 'open', fields: { score: 'high' } }, 'Invalid field: fields.score'],
  ])('refuses %j with %s and changes nothing', async (body, message) => {
    const id = await submit({ fields: { order_number: 'C-1' } });
    const before = await read(id);
    const response = await patch(id, before.headers.etag, body).expect(400);
    expect(response.body).toEqual({ status: 'error', message });
    const after = await read(id);
    expect([after.headers.etag, after.body.status, valuesOf(after.body.fields as FieldView[])]).toEqual([
      before.headers.etag,
      before.body.status,
      valuesOf(before.body.fields as FieldView[]),
    ]);
  });

  it('refuses a stale version with 412', async () => {
    const id = await submit({ fields: { order_number: 'D-1' } });
    const first = await read(id);
    await patch(id, first.headers.etag, { fields: { product: 'Pro' } }).expect(200);
    const stale = await patch(id, first.headers.etag, { fields: { product: 'Basic' } }).expect(412);
    expect(stale.body.message).toBe('Submission changed; reload it');
    expect(valuesOf((await read(id)).body.fields as FieldView[]).product).toBe('Pro');
  });
});
