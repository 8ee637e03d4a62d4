import { createTestApp, issueTokens, TestApp } from './support/test-app';

describe('wire format', () => {
  let t: TestApp;
  let accessToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { key } = await t.createKey();
    accessToken = (await issueTokens(t, key)).access_token;
  });
  afterAll(() => t.close());

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
