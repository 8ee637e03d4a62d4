import { AddressInfo, connect } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

// One app with the default settings for the describes below that need no setting of their own: the
// intake's and the wire format's (once two files booting the same app). Each describe makes its own key
// and counts only its own key's rows.
let shared: TestApp;
beforeAll(async () => (shared = await createTestApp()));
afterAll(() => shared.close());

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /contact_api.php', () => {
  let t: TestApp;
  let db: DataSource;
  let apiKeyId: string;
  let accessToken: string;
  const submit = (body: unknown, headers: Record<string, string> = {}) =>
    t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${accessToken}`)
      .set(headers)
      .send(body as object);
  const row = async (id: string) => (await db.query('SELECT * FROM submissions WHERE id = ?', [id]))[0];
  const countForKey = async () =>
    Number((await db.query('SELECT COUNT(*) AS n FROM submissions WHERE api_key_id = ?', [apiKeyId]))[0].n);

  beforeAll(async () => {
    t = shared;
    db = t.app.get(DataSource);
    const created = await t.createKey({ rateLimit: 10_000 });
    apiKeyId = created.id;
    accessToken = (await issueTokens(t, created.key)).access_token;
  });

  it('stores a trimmed submission and answers its UUIDv7 id only after commit', async () => {
    const response = await submit(
      {
        name: '  Ada Lovelace ',
        email: ' ada@example.com ',
        phone: '+44 (0)20 7946-0958 x12',
        business: 'Engines',
        message: ' Hello\nthere\t! ',
      },
      { 'User-Agent': 'contact-tests/1.0' },
    ).expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(response.body).sort()).toEqual(['id', 'message', 'status']);
    expect(response.body.status).toBe('success');
    expect(response.body.message).toBe('Submission received');
    expect(response.body.id).toMatch(UUID_V7);
    const stored = await row(response.body.id);
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 (0)20 7946-0958 x12',
      business: 'Engines',
      message: 'Hello\nthere\t!',
      api_key_id: apiKeyId,
      client_ip: '127.0.0.1',
      user_agent: 'contact-tests/1.0',
    });
    expect(['received', 'queued']).toContain(stored.state);
  });

  it('stores empty and null optional fields as null', async () => {
    const response = await submit({ name: 'Only Name', email: '', phone: '   ', business: null }).expect(200);
    expect(await row(response.body.id)).toMatchObject({ email: null, phone: null, business: null, message: null });
  });

  it.each([
    ['emoji', 'Zoë 🦄👩🏽‍💻 Müller'],
    ['quotes', `O'Brien "the \\ backslash"`],
    ['SQL', "Robert'); DROP TABLE submissions;--"],
    ['CJK and RTL', '山田太郎 محمد'],
  ])('stores a name with %s byte for byte', async (_label, name) => {
    const response = await submit({ name, message: name }).expect(200);
    const stored = await row(response.body.id);
    expect(Buffer.from(stored.name).equals(Buffer.from(name))).toBe(true);
    expect(stored.message).toBe(name);
  });

  const validationCases: [string, unknown, string][] = [
    ['an unknown field first of all', { name: 5, foo: 1, bar: 2 }, 'Unknown field: foo'],
    ['the first unknown field in body order', { bar: 1, name: 'x', foo: 2 }, 'Unknown field: bar'],
    ['an absent name', { email: 'x' }, 'Missing field: name'],
    ['a null name', { name: null }, 'Missing field: name'],
    ['an empty name', { name: '' }, 'Missing field: name'],
    ['a blank name', { name: ' \t ' }, 'Missing field: name'],
    ['a missing name before an invalid email', { email: 5 }, 'Missing field: name'],
    ['a numeric name', { name: 42 }, 'Invalid field: name'],
    ['an object name', { name: { first: 'a' } }, 'Invalid field: name'],
    ['a name of 201 characters', { name: 'a'.repeat(201) }, 'Invalid field: name'],
    ['a name with a control character', { name: 'a\u0007b' }, 'Invalid field: name'],
    ['an invalid name before an invalid email', { email: 'bad', name: 1 }, 'Invalid field: name'],
    ['an invalid email', { name: 'x', email: 'not-an-email' }, 'Invalid field: email'],
    ['a numeric email', { name: 'x', email: 1 }, 'Invalid field: email'],
    [
      'an email over 254 characters',
      { name: 'x', email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` },
      'Invalid field: email',
    ],
    ['an email before a phone', { name: 'x', phone: 'abc', email: 'bad' }, 'Invalid field: email'],
    ['a phone with letters', { name: 'x', phone: 'call me' }, 'Invalid field: phone'],
    ['a phone of 33 characters', { name: 'x', phone: '1'.repeat(33) }, 'Invalid field: phone'],
    ['a boolean business', { name: 'x', business: true }, 'Invalid field: business'],
    ['a business of 201 characters', { name: 'x', business: 'b'.repeat(201) }, 'Invalid field: business'],
    ['a message of 10 001 characters', { name: 'x', message: 'm'.repeat(10_001) }, 'Invalid field: message'],
    ['a message with a NUL', { name: 'x', message: 'a\u0000b' }, 'Invalid field: message'],
    ['a message with an escape sequence', { name: 'x', message: '\u001b[31mred' }, 'Invalid field: message'],
    ['an array message', { name: 'x', message: ['a'] }, 'Invalid field: message'],
  ];
  it.each(validationCases)('answers 400 for %s and stores nothing', async (_label, body, message) => {
    const before = await countForKey();
    const response = await submit(body).expect(400);
    expect(response.body).toEqual({ status: 'error', message });
    expect(await countForKey()).toBe(before);
  });

  it('accepts the bounds exactly (characters, not bytes)', async () => {
    const response = await submit({
      name: '🦄'.repeat(200),
      phone: '1'.repeat(32),
      business: 'é'.repeat(200),
      message: 'm'.repeat(10_000),
    }).expect(200);
    const stored = await row(response.body.id);
    expect([...stored.name]).toHaveLength(200);
    expect(stored.message).toHaveLength(10_000);
  });

  // Lengths are Unicode code points, as utf8mb4 columns count them: an emoji with a variation selector
  // (a\uFE0F) is two, a combining accent is one of its own, a surrogate pair is one.
  const unitsOf: [string, string][] = [
    ['emoji', '🦄'],
    ['letters with a combining mark', 'e\u0301'],
    ['letters with a variation selector', 'a\uFE0F'],
    ['flags (two regional indicators)', '🇪🇺'],
  ];
  const repeatToCodePoints = (unit: string, codePoints: number) => {
    const per = [...unit].length;
    return unit.repeat(Math.floor(codePoints / per)) + 'x'.repeat(codePoints % per);
  };
  describe.each(unitsOf)('lengths counted in code points with %s', (_label, unit) => {
    const bounds: [string, number][] = [
      ['name', 200],
      ['business', 200],
      ['message', 10_000],
    ];
    it.each(bounds)('accepts %s at exactly its limit and stores every code point', async (field, limit) => {
      const value = repeatToCodePoints(unit, limit);
      const response = await submit({ name: 'Bounds', [field]: value }).expect(200);
      const stored = await row(response.body.id);
      expect([...(stored[field] as string)]).toHaveLength(limit);
      expect(stored[field]).toBe(value);
    });

    it.each(bounds)('refuses %s one code point over its limit and stores nothing', async (field, limit) => {
      const before = await countForKey();
      const response = await submit({ name: 'Bounds', [field]: repeatToCodePoints(unit, limit + 1) }).expect(400);
      expect(response.body).toEqual({ status: 'error', message: `Invalid field: ${field}` });
      expect(await countForKey()).toBe(before);
    });
  });

  it.each(['name', 'email', 'phone', 'business', 'message'])(
    'refuses a lone surrogate in %s instead of storing U+FFFD',
    async (field) => {
      const body = `{"name":"ok","${field}":"a\\ud800b"}`;
      const response = await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${accessToken}`)
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);
      expect(response.body).toEqual({ status: 'error', message: `Invalid field: ${field}` });
    },
  );

  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])(
    'refuses an unknown field named after Object.prototype.%s',
    async (field) => {
      const before = await countForKey();
      const response = await submit({ name: 'x', [field]: 'y' }).expect(400);
      expect(response.body).toEqual({ status: 'error', message: `Unknown field: ${field}` });
      expect(await countForKey()).toBe(before);
    },
  );

  const controlCharacters = ['\u0000', '\u001F', '\u007F', '\u0085', '\u009F'];
  const validValues: Record<string, string> = {
    name: 'Ann',
    email: 'ann@example.com',
    phone: '+1 555',
    business: 'Shop',
    message: 'Hello',
  };
  it.each(
    Object.keys(validValues).flatMap((field) =>
      controlCharacters.map((character) => [
        field,
        `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
        character,
      ]),
    ),
  )('refuses %s containing %s', async (field, _code, character) => {
    const value = validValues[field];
    const tainted =
      field === 'email' ? `an${character}n@example.com` : `${value.slice(0, 1)}${character}${value.slice(1)}`;
    const response = await submit({ ...validValues, [field]: tainted }).expect(400);
    expect(response.body).toEqual({ status: 'error', message: `Invalid field: ${field}` });
  });

  it('accepts tab, CR and LF in the message (the control)', async () => {
    await submit({ ...validValues, message: 'a\tb\r\nc' }).expect(200);
  });

  it('stores 50 concurrent submissions, each with its own id', async () => {
    const before = await countForKey();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit({ name: `Concurrent ${i}`, message: `n=${i}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const ids = responses.map((response) => response.body.id as string);
    expect(new Set(ids).size).toBe(50);
    expect(await countForKey()).toBe(before + 50);
    const stored: { id: string; message: string }[] = await db.query(
      `SELECT id, message FROM submissions WHERE id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );
    expect(stored).toHaveLength(50);
    for (const { id, message } of stored) {
      expect(message).toBe(`n=${ids.indexOf(id)}`);
    }
  });

  describe('Idempotency-Key', () => {
    it('answers the first id for a repeat and stores nothing new', async () => {
      const headers = { 'Idempotency-Key': `order-${Date.now()}` };
      const first = await submit({ name: 'Idem' }, headers).expect(200);
      const before = await countForKey();
      const second = await submit({ name: 'Idem again' }, headers).expect(200);
      expect(second.body.id).toBe(first.body.id);
      expect(await countForKey()).toBe(before);
    });

    it('stores one submission for concurrent duplicates', async () => {
      const headers = { 'Idempotency-Key': `burst-${Date.now()}` };
      const before = await countForKey();
      const responses = await Promise.all(Array.from({ length: 10 }, () => submit({ name: 'Burst' }, headers)));
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
      expect(await countForKey()).toBe(before + 1);
    });

    it('stores every other submission of a burst in which an Idempotency-Key repeats', async () => {
      const headers = { 'Idempotency-Key': `mixed-${Date.now()}` };
      const before = await countForKey();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 4 === 0 ? submit({ name: 'Repeat' }, headers) : submit({ name: `Other ${i}`, message: `m=${i}` }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
      const repeatIds = new Set(responses.filter((_, i) => i % 4 === 0).map((response) => response.body.id));
      expect(repeatIds.size).toBe(1);
      const otherIds = responses.filter((_, i) => i % 4 !== 0).map((response) => response.body.id as string);
      expect(new Set(otherIds).size).toBe(15);
      expect(await countForKey()).toBe(before + 16);
    });

    it('keeps keys of different API keys apart', async () => {
      const other = await t.createKey();
      const otherToken = (await issueTokens(t, other.key)).access_token;
      const headers = { 'Idempotency-Key': `shared-${Date.now()}` };
      const mine = await submit({ name: 'Mine' }, headers).expect(200);
      const theirs = await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${otherToken}`)
        .set(headers)
        .send({ name: 'Theirs' })
        .expect(200);
      expect(theirs.body.id).not.toBe(mine.body.id);
    });

    it('stores a new submission once the first is older than 24 hours', async () => {
      const headers = { 'Idempotency-Key': `old-${Date.now()}` };
      const first = await submit({ name: 'Yesterday' }, headers).expect(200);
      await db.query('UPDATE submissions SET created_at = created_at - INTERVAL 25 HOUR WHERE id = ?', [first.body.id]);
      const second = await submit({ name: 'Today' }, headers).expect(200);
      expect(second.body.id).not.toBe(first.body.id);
    });

    it('answers 400 for a key that is not 1-255 visible ASCII characters', async () => {
      const response = await submit({ name: 'x' }, { 'Idempotency-Key': 'k'.repeat(256) }).expect(400);
      expect(response.body).toEqual({ status: 'error', message: 'Invalid header: Idempotency-Key' });
    });
  });

  it('answers 413 for a body over BODY_LIMIT and stores nothing', async () => {
    const before = await countForKey();
    const response = await submit({ name: 'Big', message: 'x'.repeat(70_000) }).expect(413);
    expect(response.body).toEqual({ status: 'error', message: 'Request body too large' });
    expect(await countForKey()).toBe(before);
  });
});

describe('wire format', () => {
  let t: TestApp;
  let accessToken: string;
  beforeAll(async () => {
    t = shared;
    const { key } = await t.createKey();
    accessToken = (await issueTokens(t, key)).access_token;
  });

  const post = (path: string) => t.http().post(path).set('Authorization', `Bearer ${accessToken}`);

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'answers 415 for a %s body',
    async (type) => {
      const response = await post('/contact_api.php').set('Content-Type', type).send('name=x').expect(415);
      expect(response.body).toEqual({
        status: 'error',
        message: 'Unsupported Content-Type: expected application/json',
      });
    },
  );

  it('accepts application/json with a charset parameter', async () => {
    await post('/contact_api.php')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ name: 'Charset' }))
      .expect(200);
  });

  it.each([
    ['unparseable JSON', '{"name": '],
    ['a JSON array', '[{"name":"x"}]'],
    ['a JSON string', '"name"'],
    ['JSON null', 'null'],
    ['a prototype-poisoning body', '{"name":"x","__proto__":{"admin":true}}'],
  ])('answers 400 "Invalid JSON body" for %s', async (_label, body) => {
    const response = await post('/contact_api.php').set('Content-Type', 'application/json').send(body).expect(400);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid JSON body' });
  });

  it('answers 400 "Invalid JSON body" when a submission has no body at all', async () => {
    const response = await post('/contact_api.php').expect(400);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid JSON body' });
  });

  it.each([
    ['/auth.php', ['get', 'put', 'delete', 'patch'], 'POST'],
    ['/auth_refresh.php', ['get', 'put', 'delete', 'patch'], 'POST'],
    // GET gives the key's custom fields and the body's schema (part five).
    ['/contact_api.php', ['put', 'delete', 'patch'], 'GET, POST'],
  ] as const)('answers 405 with Allow for other methods on %s', async (path, methods, allow) => {
    for (const method of methods) {
      const response = await t.http()[method](path).expect(405);
      expect(response.body).toEqual({ status: 'error', message: 'Method not allowed' });
      expect(response.headers.allow).toBe(allow);
    }
  });

  it('answers 404 in the envelope for an unknown path', async () => {
    const response = await t.http().post('/admin.php').expect(404);
    expect(response.body).toEqual({ status: 'error', message: 'Not found' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('BASE_PATH', () => {
  it('serves the three endpoints under the prefix and nowhere else', async () => {
    const t = await createTestApp({ BASE_PATH: '/api/v1/' });
    try {
      const { key } = await t.createKey();
      await t.http().post('/api/v1/auth.php').set('X-API-KEY', key).expect(200);
      await t.http().post('/auth.php').set('X-API-KEY', key).expect(404);
      await t.http().get('/api/v1/auth.php').expect(405);
      // GET of the intake is its form (part five): the bearer token first.
      await t.http().get('/api/v1/contact_api.php').expect(401);
    } finally {
      await t.close();
    }
  });
});

/** Sends bytes exactly as given on a fresh connection and returns everything the server answered. */
function rawExchange(port: number, bytes: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    // No half-close: Node drops a connection whose client has ended before its answer is ready.
    socket.write(bytes);
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

function parseAnswer(answer: string): { status: number; headers: string; body: unknown } {
  const [head, ...rest] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(rest.join('\r\n\r\n')) };
}

describe('the HTTP edge below the routes', () => {
  let t: TestApp;
  let port: number;
  let accessToken: string;
  let keyId: string;
  beforeAll(async () => {
    t = shared;
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    const { id, key } = await t.createKey({ rateLimit: 10_000 });
    keyId = id;
    accessToken = (await issueTokens(t, key)).access_token;
  });

  const request = (lines: string[], body = '') => `${lines.join('\r\n')}\r\n\r\n${body}`;

  it.each([
    ['a header over 16 KiB', request(['GET /auth.php HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(17_000)}`]), 431],
    ['a bare CR in a header', request(['POST /auth.php HTTP/1.1', 'Host: x', 'X-A: a\rb']), 400],
    ['a bare LF in a header name', request(['POST /auth.php HTTP/1.1', 'Host: x', 'X\nA: b']), 400],
    ['a NUL in a header', request(['POST /auth.php HTTP/1.1', 'Host: x', 'X-A: a\u0000b']), 400],
    ['an obs-fold header', request(['POST /auth.php HTTP/1.1', 'Host: x', 'X-A: a', ' folded']), 400],
    [
      'chunked with Content-Length',
      request(
        ['POST /contact_api.php HTTP/1.1', 'Host: x', 'Content-Length: 5', 'Transfer-Encoding: chunked'],
        '0\r\n\r\n',
      ),
      400,
    ],
  ])('answers %s in the envelope with status %i', async (_label, bytes, status) => {
    const answer = parseAnswer(await rawExchange(port, bytes));
    expect(answer.status).toBe(status);
    expect(answer.headers).toContain('content-type: application/json; charset=utf-8');
    expect(answer.body).toEqual({
      status: 'error',
      message: status === 431 ? 'Request header fields too large' : 'Bad request',
    });
  });

  const contact = (headers: string[], body: Buffer) =>
    Buffer.concat([
      Buffer.from(
        request([
          'POST /contact_api.php HTTP/1.1',
          'Host: x',
          `Authorization: Bearer ${accessToken}`,
          'Connection: close',
          ...headers,
        ]),
      ),
      body,
    ]);
  const invalidUtf8 = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);

  it('answers 400 "Invalid JSON body" to bytes that are not UTF-8, sent with Content-Length', async () => {
    const answer = parseAnswer(
      await rawExchange(
        port,
        contact(['Content-Type: application/json', `Content-Length: ${invalidUtf8.length}`], invalidUtf8),
      ),
    );
    expect(answer).toMatchObject({ status: 400, body: { status: 'error', message: 'Invalid JSON body' } });
  });

  it('answers 400 "Invalid JSON body" to bytes that are not UTF-8, sent chunked, and stores nothing', async () => {
    // This key's rows: other files share the run's database and store submissions meanwhile.
    const stored = () =>
      t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM submissions WHERE api_key_id = ?', [keyId]);
    const before = await stored();
    const chunked = Buffer.concat([
      Buffer.from(`${invalidUtf8.length.toString(16)}\r\n`),
      invalidUtf8,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const answer = parseAnswer(
      await rawExchange(port, contact(['Content-Type: application/json', 'Transfer-Encoding: chunked'], chunked)),
    );
    expect(answer).toMatchObject({ status: 400, body: { status: 'error', message: 'Invalid JSON body' } });
    expect(await stored()).toEqual(before);
  });

  it('answers 415 to a charset other than UTF-8, and accepts UTF-8 however it is spelled', async () => {
    const body = Buffer.from('{"name":"Z\u00fcrich"}', 'latin1');
    const latin1 = parseAnswer(
      await rawExchange(
        port,
        contact(['Content-Type: application/json; charset=iso-8859-1', `Content-Length: ${body.length}`], body),
      ),
    );
    expect(latin1).toMatchObject({
      status: 415,
      body: { status: 'error', message: 'Unsupported charset: expected utf-8' },
    });
    for (const charset of ['UTF-8', 'utf8', '"utf-8"']) {
      const utf8 = Buffer.from('{"name":"Zürich"}');
      const answer = parseAnswer(
        await rawExchange(
          port,
          contact([`Content-Type: application/json; charset=${charset}`, `Content-Length: ${utf8.length}`], utf8),
        ),
      );
      expect({ charset, status: answer.status }).toEqual({ charset, status: 200 });
    }
  });

  it('answers 400 "Invalid JSON body" to JSON nested deeper than 64 levels, without a stack in sight', async () => {
    const deep = `{"name":"x","message":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const response = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Content-Type', 'application/json')
      .send(deep)
      .expect(400);
    expect(response.body).toEqual({ status: 'error', message: 'Invalid JSON body' });
    const atLimit = `{"name":"x","message":${'['.repeat(63)}${']'.repeat(63)}}`;
    const shallow = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Content-Type', 'application/json')
      .send(atLimit)
      .expect(400);
    // 64 levels parse; the array is then simply not a string.
    expect(shallow.body).toEqual({ status: 'error', message: 'Invalid field: message' });
  });
});
