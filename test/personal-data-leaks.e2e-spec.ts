import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { freePort, startService } from './support/processes';
import { newStaffAccount, STAFF_PASSWORD } from './support/staff';
import { createKeysAndAccounts } from './support/room-context';
import { uniquePrefix } from './support/test-app';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

/** Every string Redis holds under `prefix:`: key names and values of every type. */
async function everythingUnder(redisUrl: string, prefix: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  const found: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      for (const key of keys) {
        found.push(key);
        const type = await redis.type(key);
        if (type === 'string') {
          found.push((await redis.get(key)) ?? '');
        } else if (type === 'hash') {
          found.push(...Object.entries(await redis.hgetall(key)).flat());
        } else if (type === 'list') {
          found.push(...(await redis.lrange(key, 0, -1)));
        } else if (type === 'set') {
          found.push(...(await redis.smembers(key)));
        } else if (type === 'zset') {
          found.push(...(await redis.zrange(key, 0, -1)));
        } else if (type === 'stream') {
          found.push(JSON.stringify(await redis.xrange(key, '-', '+')));
        }
      }
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
  return found;
}

describe('personal data never leaks sideways', () => {
  it('leaves no submitted name, address, phone, business, message or note in process output (verbose logs), Redis or metrics', async () => {
    const marker = randomBytes(4).toString('hex');
    const personal = {
      name: `Leaky Name ${marker}`,
      email: `leak.${marker}@example.net`,
      phone: `+44 20 ${marker.replace(/[a-f]/g, '7').slice(0, 4)} 9999`,
      business: `Leak Business ${marker}`,
      message: `Confidential message ${marker}`,
    };
    const receiver = new WebhookReceiver();
    await receiver.start();
    // The receiver fails first, so failure paths (logs, retries, attempt errors) run too.
    receiver.respond = (_delivery, index) => (index === 0 ? 500 : 200);
    const port = await freePort();
    const prefix = uniquePrefix();
    const service = await startService({
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: prefix,
      HEALTH_PORT: '0',
      LOG_LEVEL: 'verbose',
      STAFF_WEBHOOK_URL: receiver.url,
      WEBHOOK_RETRY_SCHEDULE: '0.2',
      METRICS_TOKEN: 'metrics-token-for-the-test',
    });
    const helper = await createKeysAndAccounts({ REDIS_PREFIX: prefix });
    const base = `http://127.0.0.1:${port}`;
    try {
      const { key } = await helper.createKey({ name: 'Leak test' });
      const admin = await newStaffAccount(helper, 'Leak Admin', 'admin');
      const tokens = (await (
        await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } })
      ).json()) as {
        access_token: string;
      };
      const post = (body: object) =>
        fetch(`${base}/contact_api.php`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.access_token}` },
          body: JSON.stringify(body),
        });
      const accepted = await post(personal);
      expect(accepted.status).toBe(200);
      const { id } = (await accepted.json()) as { id: string };
      // Refused inputs carrying personal data: the error names the field, never the value.
      for (const bad of [
        { ...personal, email: `not-an-address ${marker}` },
        { ...personal, phone: `phone ${marker}` },
        { ...personal, extra: marker },
        { ...personal, name: `${marker}`.repeat(60) },
      ]) {
        const refused = await post(bad);
        expect(refused.status).toBe(400);
        expect(await refused.text()).not.toContain(marker);
      }
      await waitUntil(() => receiver.successes().get(id) === 1, 'the webhook after one failure');

      // Staff work on it: read, note, change, search, export.
      const login = await fetch(`${base}/staff/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: STAFF_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0].split(';')[0];
      const staff = (path: string, init: RequestInit = {}) =>
        fetch(`${base}/staff/api/${path}`, {
          ...init,
          headers: { Cookie: cookie, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
        });
      expect((await staff(`submissions/${id}`)).status).toBe(200);
      expect(
        (await staff(`submissions/${id}/notes`, { method: 'POST', body: JSON.stringify({ body: `Note ${marker}` }) }))
          .status,
      ).toBe(201);
      expect(
        (
          await staff(`submissions/${id}`, {
            method: 'PATCH',
            headers: { 'If-Match': '"1"' },
            body: JSON.stringify({ status: 'closed' }),
          })
        ).status,
      ).toBe(200);
      expect((await staff(`submissions?q=${marker}`)).status).toBe(200);
      expect(
        (await staff('privacy/export', { method: 'POST', body: JSON.stringify({ email: personal.email }) })).status,
      ).toBe(200);
      const metrics = await (
        await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer metrics-token-for-the-test' } })
      ).text();
      expect(metrics).toContain('webhook_deliveries_total');

      const redis = await everythingUnder(process.env.REDIS_URL!, prefix);
      // The scan does see the queues: the job of this submission is there, by id.
      expect(redis.some((entry) => entry.includes(id))).toBe(true);
      const output = service.output();
      expect(output).toContain(id);
      for (const value of [...Object.values(personal), `Note ${marker}`, marker]) {
        expect({ where: 'process output', found: output.includes(value) }).toEqual({
          where: 'process output',
          found: false,
        });
        expect({ where: 'metrics', found: metrics.includes(value) }).toEqual({ where: 'metrics', found: false });
        expect({ where: 'redis', found: redis.some((entry) => entry.includes(value)) }).toEqual({
          where: 'redis',
          found: false,
        });
      }
    } finally {
      await helper.close();
      expect(await service.stop()).toBe(0);
      await receiver.stop();
    }
  });
});
