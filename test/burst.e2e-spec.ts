import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

describe('a burst of simultaneous submissions', () => {
  // The database 5 ms away (as across a network) and a small pool: the burst meets the pool's limits,
  // as 500 clients meet a 10-connection pool in production.
  const proxy = new TcpProxy('127.0.0.1', 3306, 5);
  let t: TestApp;
  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.port = String(await proxy.start());
    t = await createTestApp({ DATABASE_URL: url.toString(), DB_POOL_SIZE: '2', API_KEY_CACHE_TTL: '2' });
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await t.close();
    await proxy.stop();
  });

  it('answers each of 1,000 on a cold key cache 200 (stored) or 503 with Retry-After, never 500', async () => {
    const { key } = await t.createKey({ rateLimit: 100_000 });
    const { access_token } = await issueTokens(t, key);
    // Cold: /auth.php looked the key up by its hash, never by id as the bearer guard does.
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    {
      const answers = await Promise.all(
        Array.from({ length: 1000 }, async (_, i) => {
          const response = await fetch(`http://127.0.0.1:${port}/contact_api.php`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: `Burst ${i}` }),
          });
          return {
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body: (await response.json()) as { id?: string; message?: string },
          };
        }),
      );
      const statuses = new Map<number, number>();
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
      expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
      for (const answer of answers.filter((a) => a.status === 503)) {
        expect(answer.body).toEqual({ status: 'error', message: 'Service unavailable' });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      const ids = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.id!);
      expect(ids.length).toBeGreaterThan(0);
      const stored: { n: number }[] = await t.app
        .get(DataSource)
        .query(`SELECT COUNT(*) AS n FROM submissions WHERE id IN (${ids.map(() => '?').join(',')})`, ids);
      expect(Number(stored[0].n)).toBe(ids.length);
    }
  });
});
