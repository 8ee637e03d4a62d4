import { DataSource } from 'typeorm';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { TcpProxy } from './support/tcp-proxy';
import { sleep, waitFor } from './support/wait';

describe('a database outage', () => {
  const proxy = new TcpProxy('127.0.0.1', 3306);
  let t: TestApp;
  let accessToken: string;

  beforeAll(async () => {
    const port = await proxy.start();
    const url = new URL(process.env.DATABASE_URL!);
    url.port = String(port);
    url.hostname = '127.0.0.1';
    t = await createTestApp({ DATABASE_URL: url.toString(), API_KEY_CACHE_TTL: '0', DB_CONNECT_TIMEOUT: '1000' });
    const { key } = await t.createKey({ rateLimit: 1000 });
    accessToken = (await issueTokens(t, key)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await proxy.stop();
  });

  const submit = (name: string) =>
    t.http().post('/contact_api.php').set('Authorization', `Bearer ${accessToken}`).send({ name });

  it('sends no 200 before the database answers the INSERT; a connection lost then gets 503', async () => {
    await submit('warm-up').expect(200);
    const held = proxy.holdRepliesAfter('INSERT INTO submissions');
    let settled = false;
    const pending = submit('in flight').then((response) => {
      settled = true;
      return response;
    });
    await held;
    await sleep(500);
    // The INSERT reached the server, its answer did not reach the service: no answer to the client yet.
    // (No event tells that an answer was not sent: a short wait is the only witness.)
    expect(settled).toBe(false);
    await proxy.cut();
    const response = await pending;
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'error', message: 'Service unavailable' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    await proxy.restore();
  });

  it('answers 503 in the envelope while the database is unreachable, then recovers by itself', async () => {
    await submit('before').expect(200);

    await proxy.cut();
    for (let i = 0; i < 3; i++) {
      const response = await submit(`during ${i}`);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'error', message: 'Service unavailable' });
      expect(JSON.stringify(response.body)).not.toMatch(/ECONN|mysql|SELECT|INSERT/i);
    }

    await proxy.restore();
    // The pool reconnects on its own schedule: polled until a submission is taken again.
    const recovered = await waitFor(
      () => submit('after'),
      (answer) => answer.status === 200,
      10_000,
    );
    const rows = await t.app.get(DataSource).query('SELECT name FROM submissions WHERE id = ?', [recovered.body.id]);
    expect(rows).toEqual([{ name: 'after' }]);
  });
});
