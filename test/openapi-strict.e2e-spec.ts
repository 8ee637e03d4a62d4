import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { CLI_ACTOR } from '../src/audit/actor';
import { RatingLinks } from '../src/ratings/rating-links';
import { StaffTokensService } from '../src/staff-accounts/staff-tokens.service';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait';

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

/**
 * Validates requests and responses against an OAS 3.0 document with ajv (which knows `nullable`):
 * the document's components are one schema, every operation's schemas refer into it.
 */
class DocumentValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<Schema, ValidateFunction>();
  private readonly routes: { method: string; pattern: RegExp; operation: Operation }[] = [];

  constructor(document: OpenApiDocument) {
    addFormats(this.ajv);
    const local = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value).replace(/"#\/components\//g, '"openapi#/components/'));
    this.ajv.addSchema({ $id: 'openapi', components: local(document.components) });
    for (const [path, item] of Object.entries(document.paths)) {
      const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, operation] of Object.entries(item)) {
        this.routes.push({ method, pattern, operation: local(operation) as Operation });
      }
    }
  }

  match(method: string, path: string): Operation | undefined {
    return this.routes.find((route) => route.method === method && route.pattern.test(path))?.operation;
  }

  /** The problems of `value` against `schema` (none: valid). */
  check(schema: Schema, value: unknown): string[] {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  }

  /** The problems of a request: its query (unknown parameters included), path parameters and JSON body. */
  checkRequest(operation: Operation, query: Record<string, string>, body: unknown): string[] {
    const problems: string[] = [];
    const parameters = operation.parameters ?? [];
    for (const [name, value] of Object.entries(query)) {
      const parameter = parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
      if (!parameter) {
        problems.push(`query ${name} is not a parameter`);
        continue;
      }
      const type = (parameter.schema as { type?: string }).type;
      const typed = type === 'integer' || type === 'number' ? Number(value) : value;
      problems.push(...this.check(parameter.schema, typed).map((problem) => `query ${name}${problem}`));
    }
    const content = operation.requestBody?.content['application/json'];
    if (content && (body !== undefined || operation.requestBody?.required)) {
      problems.push(...this.check(content.schema, body ?? {}).map((problem) => `body${problem}`));
    }
    if (!operation.requestBody && body !== undefined && body !== null && Object.keys(body).length > 0) {
      problems.push('body sent to an operation that takes none');
    }
    return problems;
  }
}

interface Call {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  raw?: Buffer;
}

/**
 * The OpenAPI document tells the truth, strictly: a validator of requests and responses against it
 * (openapi-backend: OAS 3.0 with ajv) runs over real calls of every operation, successes and refusals.
 * Every answer's status must be documented for its operation and its body must match that response's
 * schema; a request the service accepted must be valid by the document, and one it refused as
 * malformed (400) must be invalid by it too.
 */
describe('the OpenAPI document, checked by a validator over a call of every operation', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let validator: DocumentValidator;
  let document: OpenApiDocument;
  const covered = new Set<string>();
  const problems: string[] = [];

  beforeAll(async () => {
    const database = await ownDatabase();
    drop = database.drop;
    t = await createTestApp({
      DATABASE_URL: database.url,
      ROLE: 'all',
      STAFF_CHANNELS: 'webhooks',
      INBOUND_TOKEN: 'openapi-inbound-token-0123456789',
      INBOUND_ADDRESS: 'support@intake.test',
      SMTP_URL: 'smtp://127.0.0.1:9',
      // The query fuzz below sends about a thousand staff requests: each must reach the validation.
      STAFF_RATE_LIMIT: '100000',
      STAFF_REPORTS_RATE_LIMIT: '100000',
    });
    document = (await t.http().get('/docs/openapi.json').expect(200)).body as OpenApiDocument;
    validator = new DocumentValidator(document);
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  /** Makes the call, then checks it and its answer against the document. */
  async function call(call: Call): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
    let request = t.http()[call.method](call.path);
    for (const [name, value] of Object.entries(call.headers ?? {})) {
      request = request.set(name, value);
    }
    if (call.query) {
      request = request.query(call.query);
    }
    const response = await (call.raw !== undefined
      ? request.send(call.raw)
      : call.body !== undefined
        ? request.send(call.body as object)
        : request);
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
    const operation = validator.match(call.method, call.path.split('?')[0]);
    const label = `${call.method.toUpperCase()} ${call.path} -> ${response.status}`;
    if (!operation) {
      problems.push(`${label}: no operation in the document`);
      return { status: response.status, body: response.body, headers };
    }
    covered.add(operation.operationId);
    const documented = operation.responses[String(response.status)];
    if (!documented) {
      problems.push(`${label}: status not documented for ${operation.operationId}`);
    } else if ((headers['content-type'] ?? '').startsWith('application/json')) {
      const schema = documented.content?.['application/json']?.schema;
      const broken = schema ? validator.check(schema, response.body) : ['no JSON schema for this answer'];
      if (broken.length > 0) {
        problems.push(`${label}: the answer breaks the document: ${broken.join('; ')}`);
      }
    }
    if (call.raw === undefined) {
      const invalid = validator.checkRequest(operation, call.query ?? {}, call.body);
      if (response.status < 300 && invalid.length > 0) {
        problems.push(`${label}: accepted, but the document refuses the request: ${invalid.join('; ')}`);
      }
      const refusedAsMalformed =
        response.status === 400 &&
        /^(Missing|Invalid|Unknown) field/.test((response.body as { message?: string }).message ?? '');
      const semantic = /Invalid field: (q|url|reply_from|auto_ack|api_key_id)\b/.test(
        (response.body as { message?: string }).message ?? '',
      );
      if (refusedAsMalformed && !semantic && invalid.length === 0) {
        problems.push(`${label}: refused (${JSON.stringify(response.body)}), but the document allows the request`);
      }
    }
    return { status: response.status, body: response.body, headers };
  }

  it('holds for every operation, its successes and its typical refusals', async () => {
    // Client endpoints.
    const { id: keyId, key } = await t.createKey({ rateLimit: 10_000 });
    await call({ method: 'post', path: '/auth.php', headers: { 'X-API-KEY': 'ck_wrong' } });
    const tokens = (await call({ method: 'post', path: '/auth.php', headers: { 'X-API-KEY': key } })).body as {
      access_token: string;
      refresh_token: string;
    };
    const bearer = { Authorization: `Bearer ${tokens.access_token}` };
    await call({ method: 'post', path: '/auth_refresh.php', body: { refresh_token: 'rt_nothing' } });
    await call({ method: 'post', path: '/auth_refresh.php', body: { refresh_token: tokens.refresh_token } });
    await call({ method: 'post', path: '/contact_api.php', headers: bearer, body: { name: '' } });
    await call({ method: 'post', path: '/contact_api.php', headers: bearer, body: { name: 'x', extra: 1 } });
    await call({ method: 'post', path: '/contact_api.php', body: { name: 'Nobody' } });
    const submitted = await call({
      method: 'post',
      path: '/contact_api.php',
      headers: bearer,
      body: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', message: 'Hello' },
    });
    const id = (submitted.body as { id: string }).id;
    const intakeForm = await call({ method: 'get', path: '/contact_api.php', headers: bearer });
    await call({
      method: 'get',
      path: '/contact_api.php',
      headers: { ...bearer, 'If-None-Match': String(intakeForm.headers.etag) },
    });
    await call({ method: 'get', path: '/contact_api.php' });
    const phoneOnly = (
      await call({
        method: 'post',
        path: '/contact_api.php',
        headers: bearer,
        body: { name: 'Phone only', phone: '12345' },
      })
    ).body as { id: string };

    // Staff: sign-in, accounts, tokens.
    const admin = await newStaffAccount(t, 'OpenAPI admin', 'admin');
    await call({
      method: 'post',
      path: '/staff/api/login',
      body: { email: admin.email, password: 'wrong password!!' },
    });
    await call({ method: 'post', path: '/staff/api/login', body: { email: admin.email } });
    const cookie = await staffCookie(t, admin.email);
    const staff = { Cookie: cookie, 'Content-Type': 'application/json' };
    const { token } = await t.app.get(StaffTokensService).create(admin.id, 'openapi', CLI_ACTOR);
    const robot = { Authorization: `Bearer ${token}` };
    await call({
      method: 'post',
      path: '/staff/api/login',
      headers: { 'Content-Type': 'application/json' },
      body: { email: admin.email, password: 'a long enough passphrase' },
    });
    await call({ method: 'get', path: '/staff/api/me' });
    await call({ method: 'get', path: '/staff/api/me', headers: staff });
    await call({ method: 'get', path: '/staff/api/staff', headers: staff });
    await call({ method: 'get', path: '/staff/api/staff/assignable', headers: robot });
    const created = (
      await call({
        method: 'post',
        path: '/staff/api/staff',
        headers: staff,
        body: { email: 'agent.openapi@example.com', name: 'Agent', role: 'agent' },
      })
    ).body as { id: string };
    await call({
      method: 'post',
      path: '/staff/api/staff',
      headers: staff,
      body: { email: 'not an address', name: 'x', role: 'agent' },
    });
    await call({
      method: 'patch',
      path: `/staff/api/staff/${created.id}`,
      headers: staff,
      body: { name: 'Agent Smith' },
    });
    await call({ method: 'patch', path: `/staff/api/staff/${created.id}`, headers: staff, body: { role: 'boss' } });

    // Passwords: an admin's reset (SMTP_URL names a closed port: 502), one's own change, a reset link.
    await call({ method: 'post', path: `/staff/api/staff/${created.id}/password-reset`, headers: staff });
    await call({ method: 'post', path: `/staff/api/staff/${admin.id}/password-reset`, headers: staff });
    const agentPassword = (created as unknown as { password: string }).password;
    const agentLogin = await call({
      method: 'post',
      path: '/staff/api/login',
      headers: { 'Content-Type': 'application/json' },
      body: { email: 'agent.openapi@example.com', password: agentPassword },
    });
    const agent = {
      Cookie: /ci_staff=[^;,]+/.exec(agentLogin.headers['set-cookie'])![0],
      'Content-Type': 'application/json',
    };
    const change = (body: object) => call({ method: 'post', path: '/staff/api/me/password', headers: agent, body });
    await change({ current_password: agentPassword });
    await change({ current_password: 'not the password', new_password: 'an openapi passphrase' });
    await change({ current_password: agentPassword, new_password: 'an openapi passphrase' });
    const reset = (body: object) =>
      call({
        method: 'post',
        path: '/staff/api/password-reset',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    await reset({ token: 'no such link', new_password: 'a long enough passphrase' });
    await reset({ token: 'no such link', new_password: 'short' });
    await reset({ new_password: 'a long enough passphrase' });

    // Submissions.
    await call({ method: 'get', path: '/staff/api/submissions', headers: staff, query: { limit: '5' } });
    await call({ method: 'get', path: '/staff/api/submissions', headers: staff, query: { limit: '1.5' } });
    await call({ method: 'get', path: '/staff/api/submissions/counts', headers: staff });
    await call({ method: 'get', path: '/staff/api/submissions/export.csv', headers: staff });
    const detail = await call({ method: 'get', path: `/staff/api/submissions/${id}`, headers: staff });
    await call({ method: 'get', path: '/staff/api/submissions/0190aaaa-0000-7000-8000-000000000000', headers: staff });
    const etag = detail.headers.etag;
    await call({
      method: 'patch',
      path: `/staff/api/submissions/${id}`,
      headers: { ...staff, 'If-Match': etag },
      body: { status: 'open', assignee_id: null },
    });
    await call({
      method: 'patch',
      path: `/staff/api/submissions/${id}`,
      headers: { ...staff, 'If-Match': etag },
      body: { status: 'closed' },
    });
    await call({ method: 'patch', path: `/staff/api/submissions/${id}`, headers: staff, body: { status: 'open' } });
    const tagged = (await call({ method: 'get', path: `/staff/api/submissions/${id}`, headers: staff })).headers.etag;
    await call({
      method: 'patch',
      path: `/staff/api/submissions/${id}`,
      headers: { ...staff, 'If-Match': tagged },
      body: { tags: ['billing', 'VIP'], priority: 'high' },
    });
    await call({
      method: 'patch',
      path: `/staff/api/submissions/${id}`,
      headers: { ...staff, 'If-Match': '*' },
      body: { tags: ['a,b'] },
    });
    await call({
      method: 'patch',
      path: `/staff/api/submissions/${id}`,
      headers: { ...staff, 'If-Match': '*' },
      body: { priority: 'critical' },
    });
    await call({
      method: 'get',
      path: '/staff/api/submissions',
      headers: staff,
      query: { tag: 'billing', priority: 'high,urgent' },
    });
    await call({ method: 'get', path: '/staff/api/submissions/counts', headers: staff, query: { tag: 'vip' } });
    await call({ method: 'get', path: '/staff/api/submissions/counts', headers: staff, query: { priority: 'soon' } });
    // Bulk changes and merge (issue 42).
    await call({
      method: 'post',
      path: '/staff/api/submissions/bulk',
      headers: staff,
      body: { ids: [id, '0190aaaa-0000-7000-8000-000000000000'], change: { priority: 'low', add_tags: ['bulk'] } },
    });
    await call({ method: 'post', path: '/staff/api/submissions/bulk', headers: staff, body: { ids: [], change: {} } });
    const mergeSource = (
      await call({
        method: 'post',
        path: '/contact_api.php',
        headers: bearer,
        body: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello again, about my engine' },
      })
    ).body as { id: string };
    await call({
      method: 'post',
      path: `/staff/api/submissions/${mergeSource.id}/merge`,
      headers: staff,
      body: { into: id },
    });
    await call({
      method: 'post',
      path: `/staff/api/submissions/${mergeSource.id}/merge`,
      headers: staff,
      body: { into: id },
    });
    await call({ method: 'post', path: `/staff/api/submissions/${id}/merge`, headers: staff, body: {} });
    await call({
      method: 'get',
      path: '/staff/api/submissions/export.csv',
      headers: staff,
      query: { tag: 'billing', priority: 'high' },
    });

    // SLA policies (this file's own database: no other file's submissions get them).
    const policy = (
      await call({
        method: 'post',
        path: '/staff/api/sla-policies',
        headers: staff,
        body: {
          name: 'OpenAPI office hours',
          position: 1,
          first_response_minutes: 60,
          resolution_minutes: 480,
          business_hours: { time_zone: 'Europe/Berlin', week: { mon: [['09:00', '17:00']] }, holidays: ['2026-12-25'] },
          applies_to: { priorities: ['urgent'], tags: ['vip'] },
        },
      })
    ).body as { id: string };
    await call({
      method: 'post',
      path: '/staff/api/sla-policies',
      headers: staff,
      body: {
        name: 'No hours',
        position: 2,
        first_response_minutes: 5,
        business_hours: { time_zone: 'UTC', week: {} },
      },
    });
    await call({ method: 'get', path: '/staff/api/sla-policies', headers: robot });
    await call({
      method: 'patch',
      path: `/staff/api/sla-policies/${policy.id}`,
      headers: staff,
      body: { business_hours: null, resolution_minutes: null },
    });
    await call({
      method: 'patch',
      path: `/staff/api/sla-policies/${policy.id}`,
      headers: staff,
      body: { position: 'x' },
    });
    await call({
      method: 'get',
      path: '/staff/api/submissions',
      headers: staff,
      query: { sort: 'due', breached: 'true' },
    });
    await call({ method: 'delete', path: `/staff/api/sla-policies/${policy.id}`, headers: robot });
    await call({ method: 'delete', path: `/staff/api/sla-policies/${policy.id}`, headers: robot });

    // Rules and round robin's away (issue 42): one that matches nothing this file sends.
    const rule = (
      await call({
        method: 'post',
        path: '/staff/api/rules',
        headers: staff,
        body: {
          name: 'OpenAPI rule',
          position: 1,
          when: {
            event: 'received',
            conditions: [
              { field: 'email_domain', op: 'is', value: 'openapi-rules.example' },
              { field: 'message', op: 'matches_any_of', value: ['urgent', 'asap'] },
              { field: 'spam', op: 'is', value: false },
            ],
          },
          then: [
            { action: 'set_priority', value: 'high' },
            { action: 'add_tag', value: 'Rules' },
            { action: 'assign', value: null },
          ],
        },
      })
    ).body as { id: string };
    await call({
      method: 'post',
      path: '/staff/api/rules',
      headers: staff,
      body: { name: 'Bad rule', position: 2, when: { event: 'received', conditions: [] }, then: [] },
    });
    await call({ method: 'get', path: '/staff/api/rules', headers: robot });
    await call({
      method: 'patch',
      path: `/staff/api/rules/${rule.id}`,
      headers: staff,
      body: { enabled: false, when: { event: 'status_changed', conditions: [] } },
    });
    await call({
      method: 'post',
      path: '/staff/api/rules/test',
      headers: robot,
      body: {
        submission_id: id,
        when: { event: 'received', conditions: [{ field: 'tag', op: 'contains', value: 'v' }] },
      },
    });
    await call({ method: 'delete', path: `/staff/api/rules/${rule.id}`, headers: robot });
    await call({ method: 'delete', path: `/staff/api/rules/${rule.id}`, headers: staff });
    await call({ method: 'patch', path: '/staff/api/me', headers: robot, body: { away: true } });
    await call({ method: 'patch', path: '/staff/api/me', headers: robot, body: { away: false } });

    // Reports, as JSON and as CSV.
    await call({
      method: 'get',
      path: '/staff/api/reports',
      headers: staff,
      query: { from: '2026-11-01', to: '2026-11-30' },
    });
    await call({
      method: 'get',
      path: '/staff/api/reports',
      headers: { ...staff, Accept: 'text/csv' },
      query: { from: '2026-11-01', to: '2026-11-30', interval: 'day', tag: 'billing' },
    });
    await call({
      method: 'get',
      path: '/staff/api/reports',
      headers: robot,
      query: { from: '2026-11-31', to: '2026-12-01' },
    });

    // Canned replies.
    const canned = (
      await call({
        method: 'post',
        path: '/staff/api/canned-replies',
        headers: staff,
        body: { title: 'OpenAPI welcome', body: 'Hello {{name}}' },
      })
    ).body as { id: string };
    await call({
      method: 'post',
      path: '/staff/api/canned-replies',
      headers: staff,
      body: { title: 'OpenAPI welcome', body: 'Again' },
    });
    await call({ method: 'post', path: '/staff/api/canned-replies', headers: staff, body: { title: 'No body' } });
    await call({ method: 'get', path: '/staff/api/canned-replies', headers: robot });
    await call({
      method: 'patch',
      path: `/staff/api/canned-replies/${canned.id}`,
      headers: staff,
      body: { body: 'Hello {{name}}, [#{{ref}}]' },
    });
    await call({
      method: 'patch',
      path: `/staff/api/canned-replies/${canned.id}`,
      headers: staff,
      body: { title: 5 },
    });
    await call({ method: 'delete', path: `/staff/api/canned-replies/${canned.id}`, headers: robot });
    await call({ method: 'delete', path: `/staff/api/canned-replies/${canned.id}`, headers: robot });
    await call({
      method: 'patch',
      path: `/staff/api/submissions/${id}`,
      headers: { ...staff, 'If-Match': '*' },
      body: { status: 'lost' },
    });
    await call({
      method: 'post',
      path: `/staff/api/submissions/${id}/notes`,
      headers: staff,
      body: { body: 'A note' },
    });
    await call({ method: 'post', path: `/staff/api/submissions/${id}/notes`, headers: staff, body: {} });
    // Live: the stream (its 200 never ends, so only the refusal goes through this check) and presence.
    await call({ method: 'get', path: '/staff/api/stream' });
    await call({
      method: 'post',
      path: `/staff/api/submissions/${id}/viewing`,
      headers: staff,
      body: { viewing: true },
    });
    await call({ method: 'post', path: `/staff/api/submissions/${id}/viewing`, headers: staff, body: { viewing: 1 } });
    await call({ method: 'get', path: `/staff/api/submissions/${id}/viewing`, headers: robot });
    await call({
      method: 'post',
      path: `/staff/api/submissions/${id}/viewing`,
      headers: staff,
      body: { viewing: false },
    });
    await call({ method: 'post', path: `/staff/api/submissions/${id}/redeliver`, headers: robot });
    const current = (await call({ method: 'get', path: `/staff/api/submissions/${id}`, headers: staff })).headers.etag;
    const reply = (
      await call({
        method: 'post',
        path: `/staff/api/submissions/${id}/replies`,
        headers: { ...staff, 'If-Match': current },
        body: { body: 'Thank you' },
      })
    ).body as { id: string };
    const other = (await call({ method: 'get', path: `/staff/api/submissions/${phoneOnly.id}`, headers: staff }))
      .headers.etag;
    await call({
      method: 'post',
      path: `/staff/api/submissions/${phoneOnly.id}/replies`,
      headers: { ...staff, 'If-Match': other },
      body: { body: 'x' },
    });
    await call({ method: 'post', path: `/staff/api/messages/${reply.id}/retry`, headers: robot });

    // Inbound mail.
    const mail = Buffer.from(
      'From: a@example.com\r\nTo: support@intake.test\r\nMessage-ID: <openapi@x>\r\nSubject: hi\r\n\r\nhi\r\n',
    );
    await call({
      method: 'post',
      path: '/inbound/email',
      headers: { Authorization: 'Bearer openapi-inbound-token-0123456789', 'Content-Type': 'message/rfc822' },
      raw: mail,
    });
    await call({
      method: 'post',
      path: '/inbound/email',
      headers: { Authorization: 'Bearer wrong', 'Content-Type': 'message/rfc822' },
      raw: mail,
    });
    await call({ method: 'get', path: '/staff/api/inbound/unmatched', headers: staff });
    // A file's download (test/attachments.e2e-spec.ts sends files): refusals, as the document states them.
    await call({ method: 'get', path: `/staff/api/attachments/${id}`, headers: staff });
    await call({ method: 'get', path: `/staff/api/attachments/${id}`, headers: staff, query: { inline: 'yes' } });
    await call({ method: 'get', path: `/staff/api/attachments/${id}` });
    await call({
      method: 'post',
      path: '/staff/api/uploads?name=quote.pdf',
      headers: { ...staff, 'Content-Type': 'application/octet-stream' },
      raw: Buffer.from('%PDF-1.7'),
    });
    await call({
      method: 'post',
      path: '/staff/api/uploads',
      headers: { ...staff, 'Content-Type': 'application/octet-stream' },
      raw: Buffer.from('x'),
    });
    await call({ method: 'post', path: '/staff/api/uploads?name=a.json', headers: staff, body: { json: true } });

    // Second factors (test/staff-second-factor.e2e-spec.ts runs them through): set-up and refusals.
    await call({ method: 'post', path: '/staff/api/me/totp', headers: staff, body: {} });
    await call({ method: 'post', path: '/staff/api/me/totp/confirm', headers: staff, body: { code: '000000' } });
    await call({ method: 'post', path: '/staff/api/me/totp/confirm', headers: staff, body: { code: 'abc' } });
    await call({ method: 'delete', path: '/staff/api/me/totp', headers: staff, body: { code: '000000' } });
    await call({ method: 'post', path: '/staff/api/login/second-factor', body: { code: '000000' } });
    await call({ method: 'post', path: '/staff/api/login/second-factor', body: {} });

    // Passkeys (their ceremonies run in Chromium, test/console-passkeys.e2e-spec.ts): options, refusals.
    await call({ method: 'get', path: '/staff/api/me/passkeys', headers: staff });
    await call({ method: 'post', path: '/staff/api/me/passkeys/options', headers: staff, body: {} });
    await call({
      method: 'post',
      path: '/staff/api/me/passkeys',
      headers: staff,
      body: { name: 'Key', response: { id: 'x' } },
    });
    await call({ method: 'post', path: '/staff/api/me/passkeys', headers: staff, body: { name: 'Key' } });
    await call({ method: 'delete', path: `/staff/api/me/passkeys/${keyId}`, headers: staff });
    await call({ method: 'post', path: '/staff/api/login/passkey/options', body: {} });
    await call({ method: 'post', path: '/staff/api/login/passkey', body: { response: { id: 'x' } } });
    await call({ method: 'post', path: '/staff/api/login/passkey', body: {} });

    // Single sign-on is not set up here (test/staff-single-sign-on.e2e-spec.ts runs it against a provider).
    await call({ method: 'get', path: '/staff/api/sign-in-options' });
    await call({ method: 'get', path: '/staff/sso/start' });
    await call({ method: 'get', path: '/staff/sso/callback', query: { state: 'x', code: 'y' } });

    // Sessions (test/staff-sessions.e2e-spec.ts ends them across processes).
    const sessions = (await call({ method: 'get', path: '/staff/api/me/sessions', headers: staff })).body as {
      id: string;
    }[];
    await call({ method: 'delete', path: `/staff/api/me/sessions/${keyId}`, headers: staff });
    await call({ method: 'get', path: `/staff/api/staff/${admin.id}/sessions`, headers: staff });
    await call({ method: 'delete', path: `/staff/api/staff/${admin.id}/sessions/${keyId}`, headers: staff });
    expect(sessions.length).toBeGreaterThan(0);

    // The mailbox (a password one here: test/mailbox-oauth.e2e-spec.ts connects one by OAuth2).
    await call({ method: 'get', path: '/staff/api/mailbox', headers: staff });
    await call({ method: 'get', path: '/staff/api/mailbox' });
    await call({ method: 'post', path: '/staff/api/mailbox/connect', headers: staff, body: {} });
    await call({ method: 'delete', path: '/staff/api/mailbox', headers: staff });
    await call({ method: 'get', path: '/staff/api/mailbox/callback', query: { state: 'unknown', code: 'x' } });

    // Keys, audit, webhooks, deliveries, privacy.
    await call({ method: 'get', path: '/staff/api/keys', headers: staff });
    const newKey = (
      await call({ method: 'post', path: '/staff/api/keys', headers: staff, body: { name: 'Another', rate_limit: 10 } })
    ).body as { id: string };
    await call({ method: 'post', path: '/staff/api/keys', headers: staff, body: { name: 'Bad', rate_limit: 1.5 } });
    await call({
      method: 'patch',
      path: `/staff/api/keys/${newKey.id}`,
      headers: staff,
      body: { retention_days: 30, reply_from: { address: 'help@example.com' }, auto_ack: null },
    });
    await call({ method: 'get', path: `/staff/api/keys/${newKey.id}/fields`, headers: staff });
    await call({
      method: 'put',
      path: `/staff/api/keys/${newKey.id}/fields`,
      headers: staff,
      body: {
        fields: [
          { name: 'order_number', label: 'Order number', type: 'text', required: true },
          { name: 'product', label: 'Product', type: 'select', options: ['Basic', 'Pro'] },
        ],
      },
    });
    await call({
      method: 'put',
      path: `/staff/api/keys/${newKey.id}/fields`,
      headers: staff,
      body: { fields: [{ name: 'Bad', label: 'Bad', type: 'text' }] },
    });
    await call({ method: 'post', path: `/staff/api/keys/${newKey.id}/revoke`, headers: robot });

    // The rating page (test/ratings.e2e-spec.ts runs a survey from closing to answer): a survey of `id`, its link.
    const surveyId = uuidv7();
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 86_400_000);
    await t.app
      .get(DataSource)
      .query(
        "INSERT INTO satisfaction_surveys (id, submission_id, api_key_id, mail_state, surveyed_at, expires_at) VALUES (?, ?, ?, 'sent', NOW(3), ?)",
        [surveyId, id, keyId, expiresAt],
      );
    const rating = t.app.get(RatingLinks).tokenOf({ surveyId, expiresAt });
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    await call({ method: 'get', path: '/rate', query: { token: rating, rating: 'good' } });
    await call({ method: 'get', path: '/rate', query: { token: 'not-a-link' } });
    await call({ method: 'post', path: '/rate', headers: form, raw: Buffer.from(`token=${rating}&rating=great`) });
    await call({
      method: 'post',
      path: '/rate',
      headers: form,
      raw: Buffer.from(`token=${rating}&rating=good&comment=Fine`),
    });
    await call({ method: 'post', path: '/rate', headers: form, raw: Buffer.from(`token=${rating}&rating=not_good`) });
    await call({ method: 'post', path: '/rate', headers: form, raw: Buffer.from('token=not-a-link&rating=good') });
    await call({ method: 'post', path: '/rate', body: { token: rating, rating: 'good' } });
    await call({ method: 'get', path: '/staff/api/audit', headers: staff, query: { limit: '3' } });
    await call({ method: 'get', path: '/staff/api/audit', headers: staff, query: { actor: 'nobody' } });
    await call({ method: 'get', path: '/staff/api/webhooks', headers: staff });
    const hook = (
      await call({
        method: 'post',
        path: '/staff/api/webhooks',
        headers: staff,
        body: { url: 'http://127.0.0.1:9/hook', api_key_id: keyId },
      })
    ).body as { id: string };
    await call({ method: 'post', path: `/staff/api/webhooks/${hook.id}/rotate-secret`, headers: robot });
    await call({ method: 'post', path: `/staff/api/webhooks/${hook.id}/enable`, headers: robot });
    const next = await call({
      method: 'post',
      path: '/contact_api.php',
      headers: bearer,
      body: { name: 'For the hook' },
    });
    const deliveries = await waitFor(
      async () =>
        (await call({ method: 'get', path: '/staff/api/deliveries', headers: staff, query: { limit: '5' } })).body as {
          items: { id: string; status: string }[];
        },
      (page) => page.items.length > 0,
    );
    expect((next.body as { id: string }).id).toBeDefined();
    await call({ method: 'post', path: `/staff/api/deliveries/${deliveries.items[0].id}/replay`, headers: robot });
    await call({ method: 'delete', path: `/staff/api/webhooks/${hook.id}`, headers: staff });
    await call({
      method: 'post',
      path: '/staff/api/privacy/export',
      headers: staff,
      body: { email: 'ada@example.com' },
    });
    await call({ method: 'post', path: '/staff/api/privacy/export', headers: staff, body: {} });
    await call({
      method: 'post',
      path: '/staff/api/privacy/erase',
      headers: staff,
      body: { email: 'nobody@example.com' },
    });
    await call({ method: 'post', path: '/staff/api/logout', headers: staff });

    expect(problems).toEqual([]);
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(operations.filter((operationId) => !covered.has(operationId))).toEqual([]);
  });
  it('answers no 5xx for any query parameter of any GET route sent empty, as garbage, repeated, huge or negative (issue 53, D6)', async () => {
    const admin = await newStaffAccount(t, 'Query fuzzer', 'admin');
    const cookie = await staffCookie(t, admin.email);
    // What the outside fuzzer sent: each parameter alone, in each of these spellings (raw query strings).
    const spellings = (name: string): string[] => {
      const key = encodeURIComponent(name);
      return [
        `${key}=`,
        `${key}`,
        `${key}=%20`,
        `${key}=garbage%00%E2%80%AE%0D%0A'%22%3B--`,
        `${key}=1&${key}=2`,
        `${key}=&${key}=`,
        `${key}[]=1`,
        `${key}[a]=1`,
        `${key}=${'9'.repeat(400)}`,
        `${key}=${'x'.repeat(4000)}`,
        `${key}=-1`,
        `${key}=-9007199254740993`,
        `${key}=0`,
        `${key}=1e3`,
        `${key}=1.5`,
        `${key}=0x10`,
        `${key}=%ED%A0%80`,
        `${key}=%`,
        `${key}=true`,
        `${key}=null`,
        `${key}=__proto__`,
      ];
    };
    const someId = '0190aaaa-0000-7000-8000-000000000000';
    const failures: string[] = [];
    let sent = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      const parameters = (item.get?.parameters ?? []).filter((parameter) => parameter.in === 'query');
      for (const { name } of parameters) {
        for (const query of spellings(name)) {
          const url = `${path.replace(/\{[^}]+\}/g, someId)}?${query}`;
          const response = await t.http().get(url).set('Cookie', cookie);
          sent++;
          if (response.status >= 500 || response.status === 429) {
            failures.push(`GET ${url.slice(0, 120)} -> ${response.status}`);
          }
        }
      }
    }
    // The document names the list routes' parameters; a change that dropped them would test nothing.
    expect(sent).toBeGreaterThan(400);
    expect(failures).toEqual([]);
    // The outside test's two 500s: an empty page size is no page size (the default).
    for (const path of ['/staff/api/submissions', '/staff/api/audit']) {
      const page = await t.http().get(`${path}?limit=`).set('Cookie', cookie);
      expect(page.status).toBe(200);
    }
  });
  it('states what the service enforces (issue 36): list dates, webhook URLs, privacy addresses, and a logout with no body or {}', async () => {
    const parameter = (path: string, name: string) =>
      document.paths[path].get.parameters!.find((candidate) => candidate.name === name)!.schema;
    for (const path of ['/staff/api/submissions', '/staff/api/submissions/counts', '/staff/api/audit']) {
      for (const name of ['from', 'to']) {
        expect(parameter(path, name).anyOf).toEqual([{ format: 'date' }, { format: 'date-time' }]);
      }
    }
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, Schema> }> })
      .schemas;
    const bodyOf = (path: string) =>
      schemas[
        (document.paths[path].post.requestBody!.content['application/json'].schema.$ref as string).split('/').pop()!
      ];
    expect(bodyOf('/staff/api/webhooks').properties.url.format).toBe('uri');
    expect(bodyOf('/staff/api/privacy/erase').properties.email.format).toBe('email');
    expect(bodyOf('/staff/api/privacy/export').properties.email.format).toBe('email');
    const logout = document.paths['/staff/api/logout'].post.requestBody!;
    expect(logout.required).toBe(false);
    expect(logout.content['application/json'].schema).toMatchObject({ type: 'object', maxProperties: 0 });

    const admin = await newStaffAccount(t, 'OpenAPI enforcer', 'admin');
    const staff = { Cookie: await staffCookie(t, admin.email), 'Content-Type': 'application/json' };
    const refused = async (answer: Promise<{ status: number; body: unknown }>, message: string) =>
      expect((await answer).body).toEqual({ status: 'error', message });
    for (const from of ['2026-W45', '2026-11-01T10:00', '2026-305', '2026-02-30']) {
      await refused(
        call({ method: 'get', path: '/staff/api/submissions', headers: staff, query: { from } }),
        'Invalid field: from',
      );
    }
    await refused(
      call({ method: 'get', path: '/staff/api/audit', headers: staff, query: { to: '2026-11-01T10:00' } }),
      'Invalid field: to',
    );
    for (const from of ['2026-11-01', '2026-11-01T10:00:00+02:00', '2026-11-01T08:00:00.123Z']) {
      expect(
        (await call({ method: 'get', path: '/staff/api/submissions', headers: staff, query: { from } })).status,
      ).toBe(200);
    }
    await refused(
      call({ method: 'post', path: '/staff/api/privacy/erase', headers: staff, body: { email: 'a@b' } }),
      'Invalid field: email',
    );
    expect(
      (await call({ method: 'post', path: '/staff/api/privacy/erase', headers: staff, body: { email: 'a@b.example' } }))
        .status,
    ).toBe(200);

    // A logout as the document says: no body and no Content-Type, or {} as JSON; anything else in it is refused.
    const session = async () => ({ Cookie: await staffCookie(t, admin.email) });
    const bare = await session();
    expect((await call({ method: 'post', path: '/staff/api/logout', headers: bare })).status).toBe(204);
    expect((await call({ method: 'get', path: '/staff/api/me', headers: bare })).status).toBe(401);
    const json = { ...(await session()), 'Content-Type': 'application/json' };
    await refused(
      call({ method: 'post', path: '/staff/api/logout', headers: json, body: { reason: 'done' } }),
      'Unknown field: reason',
    );
    expect((await call({ method: 'post', path: '/staff/api/logout', headers: json, body: {} })).status).toBe(204);
    expect((await call({ method: 'get', path: '/staff/api/me', headers: json })).status).toBe(401);
    // A body in another type from a cookie session is still the cross-site rule's 403.
    const typed = await t
      .http()
      .post('/staff/api/logout')
      .set({ ...(await session()), 'Content-Type': 'text/plain' })
      .send('bye');
    expect(typed.status).toBe(403);
    expect(problems).toEqual([]);
  });
});
