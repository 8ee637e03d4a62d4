import { DataSource } from 'typeorm';
import { ownDatabase } from './support/own-database';
import { changeSubmission, newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { SubmissionFields } from '../src/submissions/lifecycle/submission-fields.service';

interface Detail {
  id: string;
  version: number;
  status: string;
  priority: string;
  tags: string[];
  created_at: string;
  sla: { policy_id: string } | null;
}
interface FieldRow {
  value: string;
  created: number;
  closed: number;
  spam: number;
  sla_met_pct: number | null;
  satisfaction: { good: number; not_good: number; good_pct: number | null };
}

/** Fields a key of this file defines: a select, a multi_select, a checkbox, a number and personal text. */
const FIELDS = [
  { name: 'product', label: 'Product', type: 'select', options: ['Basic', 'Pro', 'Enterprise'] },
  { name: 'topics', label: 'Topics', type: 'multi_select', options: ['Billing', 'Shipping'] },
  { name: 'consent', label: 'Consent', type: 'checkbox' },
  { name: 'quantity', label: 'Quantity', type: 'number' },
  { name: 'order_note', label: 'Order note', type: 'text' },
  { name: 'secret_plan', label: 'Secret plan', type: 'select', options: ['Gold'], personal: true },
];

/**
 * Custom fields in rules, SLA policies and reports (issue 55) through HTTP, on a database of the file's own
 * (rules and policies apply to every submission of a database). The app's clock stands still at the
 * moment the file starts, so every submission and the report fall on the same day.
 */
describe('custom fields in rules, SLA policies and reports', () => {
  let t: TestApp;
  let db: DataSource;
  let database: { url: string; drop: () => Promise<void> };
  let admin: string;
  let agent: string;

  /** A key with FIELDS (or others) and a function posting its submissions. */
  const keyWith = async (fields: object[] = FIELDS) => {
    const key = await t.createKey({ rateLimit: 100_000 });
    await t.http().put(`/staff/api/keys/${key.id}/fields`).set('Cookie', admin).send({ fields }).expect(200);
    const { access_token: token } = await issueTokens(t, key.key);
    let sent = 0;
    const submit = async (fieldValues: object): Promise<string> => {
      const response = await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${token}`)
        // Each message its own: the spam filter would hold back a repeat.
        .send({ name: 'Ada', email: 'ada@example.org', message: `Request ${(sent += 1)}`, fields: fieldValues })
        .expect(200);
      // What the worker does when it first takes the submission (this app runs no worker): its filter index.
      await t.app.get(SubmissionFields).indexOf(response.body.id as string);
      return response.body.id as string;
    };
    return { keyId: key.id, submit };
  };
  const detail = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', agent).expect(200)).body as Detail;
  const count = async (table: string) =>
    Number((await db.query<{ n: string }[]>(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  const ofKey = (keyId: string) => ({ field: 'api_key_id', op: 'is', value: keyId });

  beforeAll(async () => {
    database = await ownDatabase();
    t = await createTestApp({ DATABASE_URL: database.url });
    t.clock.setTo(new Date(), { frozen: true });
    db = t.app.get(DataSource);
    admin = await staffCookie(t, (await newStaffAccount(t, 'Fields Rules Admin', 'admin')).email);
    agent = await staffCookie(t, (await newStaffAccount(t, 'Fields Rules Agent')).email);
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  describe('rules', () => {
    const addRule = (rule: object) => t.http().post('/staff/api/rules').set('Cookie', admin).send(rule);

    it('tags a submission at intake on `field.product is Pro`, and leaves one with another value alone', async () => {
      const { keyId, submit } = await keyWith();
      const created = await addRule({
        name: 'Pro customers',
        position: 1,
        when: {
          event: 'received',
          conditions: [ofKey(keyId), { field: 'field.product', op: 'is', value: ' pro ' }],
        },
        then: [{ action: 'add_tag', value: 'Pro' }],
      }).expect(201);
      expect(created.body.when.conditions[1]).toEqual({ field: 'field.product', op: 'is', value: 'pro' });

      const pro = await submit({ product: 'Pro' });
      const basic = await submit({ product: 'Basic' });
      const none = await submit({});
      expect((await detail(pro)).tags).toEqual(['Pro']);
      expect((await detail(basic)).tags).toEqual([]);
      expect((await detail(none)).tags).toEqual([]);
    });

    it('reads a personal text, a multi_select and a number at intake (in memory, never logged)', async () => {
      const { keyId, submit } = await keyWith();
      await addRule({
        name: 'Big billing orders',
        position: 2,
        when: {
          event: 'received',
          conditions: [
            ofKey(keyId),
            { field: 'field.topics', op: 'contains', value: 'Billing' },
            { field: 'field.quantity', op: 'greater_than', value: 10 },
            { field: 'field.order_note', op: 'matches_any_of', value: ['refund', 'broken'] },
          ],
        },
        then: [{ action: 'set_priority', value: 'high' }],
      }).expect(201);
      const matching = await submit({ topics: ['Shipping', 'Billing'], quantity: 11, order_note: 'It came BROKEN.' });
      const small = await submit({ topics: ['Billing'], quantity: 10, order_note: 'It came broken.' });
      const otherWords = await submit({ topics: ['Billing'], quantity: 50, order_note: 'Unbroken, thanks' });
      expect((await detail(matching)).priority).toBe('high');
      expect((await detail(small)).priority).toBe('normal');
      expect((await detail(otherWords)).priority).toBe('normal');
    });

    it("runs a rule of status_changed on the submission's stored values", async () => {
      const { keyId, submit } = await keyWith();
      await addRule({
        name: 'Closed Pro orders',
        position: 3,
        when: {
          event: 'status_changed',
          conditions: [
            ofKey(keyId),
            { field: 'field.product', op: 'matches_any_of', value: ['Pro', 'Enterprise'] },
            { field: 'field.consent', op: 'is', value: true },
          ],
        },
        then: [{ action: 'add_tag', value: 'Follow up' }],
      }).expect(201);
      const pro = await submit({ product: 'Enterprise', consent: true });
      const unconsented = await submit({ product: 'Enterprise', consent: false });
      expect((await detail(pro)).tags).toEqual([]);
      await changeSubmission(t, agent, pro, { status: 'open' });
      await changeSubmission(t, agent, unconsented, { status: 'open' });
      expect((await detail(pro)).tags).toEqual(['Follow up']);
      expect((await detail(unconsented)).tags).toEqual([]);
    });

    it('tests a field condition against a submission, saying what it has', async () => {
      const { submit } = await keyWith();
      const id = await submit({ product: 'Basic', quantity: 3 });
      const tested = await t
        .http()
        .post('/staff/api/rules/test')
        .set('Cookie', agent)
        .send({
          submission_id: id,
          when: {
            event: 'received',
            conditions: [
              { field: 'field.product', op: 'is', value: 'Basic' },
              { field: 'field.quantity', op: 'less_than', value: 3 },
              { field: 'field.topics', op: 'is_not', value: 'Billing' },
            ],
          },
        })
        .expect(200);
      expect(tested.body).toEqual({
        matches: false,
        reasons: [
          'field.product is Basic: yes (Basic)',
          'field.quantity is less than 3: no (3)',
          'field.topics is not Billing: yes (no value)',
        ],
      });
    });

    it('refuses a condition on a field no key has, or one its type cannot answer, changing nothing', async () => {
      const { keyId } = await keyWith();
      const rule = (condition: object) => ({
        name: 'Refused',
        position: 9,
        when: { event: 'received', conditions: [ofKey(keyId), condition] },
        then: [{ action: 'add_tag', value: 'x' }],
      });
      const rulesBefore = await count('rules');
      const auditBefore = await count('audit_events');
      for (const condition of [
        { field: 'field.nosuch', op: 'is', value: 'Pro' },
        { field: 'field.Product', op: 'is', value: 'Pro' },
        { field: 'field.product', op: 'is', value: 'Gold' },
        { field: 'field.product', op: 'greater_than', value: 3 },
        { field: 'field.product', op: 'contains', value: 'Pr' },
        { field: 'field.consent', op: 'is', value: 'yes' },
        { field: 'field.quantity', op: 'is', value: '3' },
        { field: 'field.quantity', op: 'less_than', value: '2026-01-01' },
        { field: 'field.order_note', op: 'greater_than', value: 5 },
        { field: 'field.topics', op: 'contains', value: 'Bill' },
        { field: 'priority', op: 'greater_than', value: 'low' },
      ]) {
        const refused = await addRule(rule(condition));
        expect([condition, refused.status, refused.body]).toEqual([
          condition,
          400,
          { status: 'error', message: 'Invalid field: when' },
        ]);
      }
      const kept = await addRule({ ...rule({ field: 'field.product', op: 'is', value: 'Pro' }), name: 'Kept' }).expect(
        201,
      );
      const patched = await t
        .http()
        .patch(`/staff/api/rules/${kept.body.id}`)
        .set('Cookie', admin)
        .send({ when: { event: 'received', conditions: [{ field: 'field.nosuch', op: 'is', value: 'x' }] } })
        .expect(400);
      expect(patched.body.message).toBe('Invalid field: when');
      const test = await t
        .http()
        .post('/staff/api/rules/test')
        .set('Cookie', agent)
        .send({
          submission_id: '0193a2b4-0000-7000-8000-000000000001',
          when: { event: 'received', conditions: [{ field: 'field.nosuch', op: 'is', value: 'x' }] },
        })
        .expect(400);
      expect(test.body.status).toBe('error');
      expect(await count('rules')).toBe(rulesBefore + 1);
      expect(await count('audit_events')).toBe(auditBefore + 1);
      const stored = (await t.http().get('/staff/api/rules').set('Cookie', agent).expect(200)).body as {
        id: string;
        when: unknown;
      }[];
      expect(stored.find((item) => item.id === kept.body.id)?.when).toEqual(kept.body.when);
    });
  });

  describe('SLA policies', () => {
    const addPolicy = (body: object) => t.http().post('/staff/api/sla-policies').set('Cookie', admin).send(body);

    it('chooses a policy by `applies_to.fields` at intake, and again from the stored values on a change', async () => {
      const { keyId, submit } = await keyWith();
      const proPolicy = await addPolicy({
        name: 'Pro with consent',
        position: 1,
        first_response_minutes: 60,
        applies_to: { api_key_ids: [keyId], fields: { product: 'Pro', consent: true } },
      }).expect(201);
      expect(proPolicy.body.applies_to).toEqual({ api_key_ids: [keyId], fields: { product: 'Pro', consent: true } });
      const billingVip = await addPolicy({
        name: 'Billing VIPs',
        position: 2,
        first_response_minutes: 30,
        applies_to: { api_key_ids: [keyId], tags: ['VIP'], fields: { topics: 'Billing' } },
      }).expect(201);

      const pro = await submit({ product: 'Pro', consent: true });
      const basic = await submit({ product: 'Basic', consent: true });
      const billing = await submit({ product: 'Basic', topics: ['Shipping', 'Billing'] });
      expect((await detail(pro)).sla?.policy_id).toBe(proPolicy.body.id);
      expect((await detail(basic)).sla).toBeNull();
      expect((await detail(billing)).sla).toBeNull();
      // A label makes the second policy match: chosen again, its fields read from the stored rows.
      const tagged = await changeSubmission<Detail>(t, agent, billing, { tags: ['VIP'] });
      expect(tagged.sla?.policy_id).toBe(billingVip.body.id);
      const other = await changeSubmission<Detail>(t, agent, basic, { tags: ['VIP'] });
      expect(other.sla).toBeNull();
      // Staff change the product: the policy of its new values is chosen in the same change.
      const upgraded = await changeSubmission<Detail>(t, agent, basic, { fields: { product: 'Pro' } });
      expect(upgraded.sla?.policy_id).toBe(proPolicy.body.id);
    });

    it('refuses `applies_to.fields` that no key could match, changing nothing', async () => {
      const { keyId } = await keyWith();
      const body = (fields: unknown) => ({
        name: 'Refused',
        position: 5,
        first_response_minutes: 60,
        applies_to: { api_key_ids: [keyId], fields },
      });
      const before = await count('sla_policies');
      for (const fields of [
        { nosuch: 'Pro' },
        { product: 'Gold' },
        { product: 'pro' },
        { product: true },
        { consent: 'true' },
        { quantity: '3' },
        { order_note: 'hello' },
        { secret_plan: 'Gold' },
        { Product: 'Pro' },
        { product: '' },
        { product: ['Pro'] },
        'Pro',
      ]) {
        const refused = await addPolicy(body(fields));
        expect([fields, refused.status, refused.body]).toEqual([
          fields,
          400,
          { status: 'error', message: 'Invalid field: applies_to' },
        ]);
      }
      // A prototype key never reaches the policy: the body parser refuses the body.
      const polluted = await t
        .http()
        .post('/staff/api/sla-policies')
        .set('Cookie', admin)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body({ product: 'Pro' })).replace('"product"', '"__proto__"'))
        .expect(400);
      expect(polluted.body).toEqual({ status: 'error', message: 'Invalid JSON body' });
      const kept = await addPolicy({ ...body({ product: 'Basic' }), name: 'Kept' }).expect(201);
      const patched = await t
        .http()
        .patch(`/staff/api/sla-policies/${kept.body.id}`)
        .set('Cookie', admin)
        .send({ applies_to: { fields: { secret_plan: 'Gold' } } })
        .expect(400);
      expect(patched.body.message).toBe('Invalid field: applies_to');
      expect(await count('sla_policies')).toBe(before + 1);
      const listed = (await t.http().get('/staff/api/sla-policies').set('Cookie', agent).expect(200)).body as {
        id: string;
        applies_to: unknown;
      }[];
      expect(listed.find((policy) => policy.id === kept.body.id)?.applies_to).toEqual({
        api_key_ids: [keyId],
        fields: { product: 'Basic' },
      });
    });
  });

  describe('reports', () => {
    const report = (query: Record<string, string>, accept = 'application/json') =>
      t.http().get('/staff/api/reports').query(query).set('Cookie', agent).set('Accept', accept);

    it('adds `by_field` for a select field, counted from the stored values of the keys that define it so', async () => {
      const shop = await keyWith();
      // Another key's `product` is a multi_select: its values are not a select's, and are not counted.
      const other = await keyWith([
        { name: 'product', label: 'Products', type: 'multi_select', options: ['Pro', 'Basic'] },
      ]);
      const first = await shop.submit({ product: 'Pro' });
      const closed = await shop.submit({ product: 'Pro' });
      await shop.submit({ product: 'Enterprise' });
      await shop.submit({});
      await other.submit({ product: ['Pro'] });
      await changeSubmission(t, agent, closed, { status: 'closed' });
      const day = (await detail(first)).created_at.slice(0, 10);

      const body = (await report({ from: day, to: day, field: 'product', api_key_id: shop.keyId }).expect(200))
        .body as { by_field: FieldRow[]; by_key: { created: number }[] };
      expect(body.by_field).toEqual([
        expect.objectContaining({ value: 'Pro', created: 2, closed: 1, spam: 0 }),
        expect.objectContaining({ value: 'Enterprise', created: 1, closed: 0, spam: 0 }),
      ]);
      expect(body.by_field[0].satisfaction).toEqual({ good: 0, not_good: 0, good_pct: null });
      expect(body.by_key).toEqual([expect.objectContaining({ created: 4 })]);

      // Across keys: this file's other keys with a select `product` count too, the multi_select key not.
      const all = (await report({ from: day, to: day, field: 'product' }).expect(200)).body as { by_field: FieldRow[] };
      const pro = all.by_field.find((row) => row.value === 'Pro')!;
      expect(pro.created).toBeGreaterThanOrEqual(2);
      const selectPro = Number(
        (
          await db.query<{ n: string }[]>(
            `SELECT COUNT(*) AS n FROM submission_field_values v JOIN submissions s ON s.id = v.submission_id
             WHERE v.name = 'product' AND v.value_key = 'Pro' AND s.api_key_id <> ?`,
            [other.keyId],
          )
        )[0].n,
      );
      expect(pro.created).toBe(selectPro);

      // Without `field`, no `by_field`.
      const plain = (await report({ from: day, to: day, api_key_id: shop.keyId }).expect(200)).body as object;
      expect(plain).not.toHaveProperty('by_field');

      const csv = await report({ from: day, to: day, field: 'product', api_key_id: shop.keyId }, 'text/csv').expect(
        200,
      );
      const lines = csv.text.split('\r\n').filter((line) => line.startsWith('field,'));
      expect(lines).toEqual([
        expect.stringMatching(/^field,,,Pro,2,1,0,/),
        expect.stringMatching(/^field,,,Enterprise,1,0,0,/),
      ]);
    });

    it('refuses a field that is not a select a report can count', async () => {
      const { keyId } = await keyWith();
      const bare = await t.createKey();
      const day = new Date(t.clock.nowMs()).toISOString().slice(0, 10);
      const queries: Record<string, string>[] = [
        { field: 'nosuch' },
        { field: 'topics' },
        { field: 'consent' },
        { field: 'quantity' },
        { field: 'order_note' },
        { field: 'secret_plan' },
        { field: 'Product' },
        { field: 'product.x' },
        { field: 'product', api_key_id: bare.id },
      ];
      for (const query of queries) {
        const refused = await report({ from: day, to: day, ...query });
        expect([query, refused.status, refused.body]).toEqual([
          query,
          400,
          { status: 'error', message: 'Invalid field: field' },
        ]);
      }
      await report({ from: day, to: day, field: 'product', api_key_id: keyId }).expect(200);
    });
  });
});
