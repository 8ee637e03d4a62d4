import { AddressInfo, connect } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

// One app with the default settings for the describes below that need no setting of their own.
let shared: TestApp;
beforeAll(async () => (shared = await createTestApp()));
afterAll(() => shared.close());

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

  it.each(['/auth.php', '/auth_refresh.php', '/contact_api.php'])(
    'answers 405 with Allow: POST for GET, PUT and DELETE on %s',
    async (path) => {
      for (const method of ['get', 'put', 'delete', 'patch'] as const) {
        const response = await t.http()[method](path).expect(405);
        expect(response.body).toEqual({ status: 'error', message: 'Method not allowed' });
        expect(response.headers.allow).toBe('POST');
      }
    },
  );

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
      await t.http().get('/api/v1/contact_api.php').expect(405);
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
