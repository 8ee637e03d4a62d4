import { AddressInfo } from 'node:net';
import { quoteRun, hostileMessages } from './support/hostile-mail';
import { OpenRequest, openRequest } from './support/raw-http';
import { ownDatabase } from './support/own-database';
import { postInboundMail } from './support/service-calls';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';

const INBOUND_TOKEN = 'mail-door-token-0123456789';
const UNMATCHED_MAX = 20;

interface KeptMail {
  message_id: string;
  subject: string | null;
  size: number;
  reason: string;
}

/**
 * The mail door (issue 36, points 1, 2 and 6): what anyone who can mail the support address can send
 * POST /inbound/email. Every message is read off the main thread within a budget; one the parser
 * cannot read answers 202 and is kept for admins with its reason, never a 500; the kept list is bounded.
 * (The IMAP side of the same messages: test/mailbox-poller.e2e-spec.ts.)
 */
const MEMORY_BUDGET = 5 * 1024 * 1024;

describe('the mail door: hostile messages on POST /inbound/email', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let cookie: string;
  let port: number;

  beforeAll(async () => {
    // A database of its own: the list's bound drops the oldest rows of the whole table.
    database = await ownDatabase();
    t = await createTestApp({
      DATABASE_URL: database.url,
      INBOUND_TOKEN,
      INBOUND_UNMATCHED_MAX: String(UNMATCHED_MAX),
      // Room for a slow, loaded test machine: what must end unreadable here is refused by the parser.
      INBOUND_PARSE_TIMEOUT_MS: '30000',
      // Room for one hostile message (up to 4 MB) at a time, not two of 3 MB.
      INBOUND_MEMORY_BUDGET: String(MEMORY_BUDGET),
    });
    cookie = await staffCookie(t, (await newStaffAccount(t, 'Door admin', 'admin')).email);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  const send = (raw: Buffer) => postInboundMail(t, INBOUND_TOKEN, raw);
  const kept = async (): Promise<{ items: KeptMail[]; total: number }> =>
    (await t.http().get('/staff/api/inbound/unmatched?limit=100').set('Cookie', cookie).expect(200)).body;

  it('answers /health/live while a message that would take the old parser hours is being read', async () => {
    // The parser is loaded (its thread started) by an ordinary message first, so what follows times
    // the reading alone.
    await send(
      Buffer.from(
        'From: a@example.com\r\nTo: support@intake.test\r\nSubject: Warm\r\nMessage-ID: <door-warm@example.com>\r\n\r\nHi\r\n',
      ),
    ).expect(202);
    const order: string[] = [];
    // A million quote lines and a line after them: the old split re-read the rest for each one
    // (40 000 of them took it 18 s); the new one reads them once, on a parsing thread, in about a second.
    const mail = send(quoteRun('door-health', 1_000_000)).then((response) => {
      order.push('mail');
      return response;
    });
    // Long enough for the 3 MB body to reach the server over loopback, far shorter than the reading
    // that follows, so no event is needed to order them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.http().get('/health/live').expect(200);
    order.push('live');
    expect((await mail).status).toBe(202);
    expect(order).toEqual(['live', 'mail']);
    expect((await kept()).items.find((item) => item.message_id === 'door-health@attacker.test')).toMatchObject({
      reason: 'unmatched',
    });
  });

  it.each(hostileMessages('door').map((message) => [message.name, message.raw] as const))(
    '%s: 202, and kept for admins with what it says and why',
    async (_name, raw) => {
      const response = await send(raw).expect(202);
      expect(['unmatched', 'unreadable']).toContain(response.body.outcome);
      const item = (await kept()).items.find((one) => one.size === raw.length);
      expect(item).toBeDefined();
      expect(item!.reason).toBe(response.body.outcome === 'unreadable' ? 'malformed' : 'unmatched');
    },
  );

  it('keeps the messages the parser refuses as unreadable, with the headers it could read', async () => {
    const items = (await kept()).items;
    const bySize = (raw: Buffer) => items.find((item) => item.size === raw.length)!;
    const hostile = Object.fromEntries(hostileMessages('door').map(({ name, raw }) => [name, raw]));
    expect(bySize(hostile['50 000 parts'])).toMatchObject({
      reason: 'malformed',
      message_id: 'door-parts@attacker.test',
      subject: 'Hostile',
    });
    expect(bySize(hostile['2 000-deep multipart']).reason).toBe('malformed');
    expect(bySize(hostile['200 000 header lines']).reason).toBe('malformed');
    // The quote runs and the nested <div>s are read (the new text apart from the history): unmatched.
    expect(bySize(hostile['100 000 nested <div>']).reason).toBe('unmatched');
    expect(bySize(hostile['1 000 000 quote lines']).reason).toBe('unmatched');
  });

  it('holds at most INBOUND_MEMORY_BUDGET bytes of mail at once: one that does not fit beside a message being read is answered 503 with Retry-After, and taken when sent again', async () => {
    const first = quoteRun('door-budget-1', 1_000_000);
    const second = quoteRun('door-budget-2', 1_000_000);
    expect(first.length + second.length).toBeGreaterThan(MEMORY_BUDGET);
    // The first is read for about a second (see above); the second arrives meanwhile. (A supertest
    // request starts when it is awaited: `then` starts this one now.)
    const reading = send(first).then((response) => response);
    await heldBytesReach(first.length);
    const refused = await send(second).expect(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({ status: 'error', message: 'Service unavailable' });
    expect((await reading).status).toBe(202);
    const ids = async () => (await kept()).items.map((item) => item.message_id);
    expect(await ids()).toContain('door-budget-1@attacker.test');
    expect(await ids()).not.toContain('door-budget-2@attacker.test');
    // Its bytes were given back with its answer: the same message now fits.
    await send(second).expect(202, { outcome: 'unmatched' });
    expect(await ids()).toContain('door-budget-2@attacker.test');
  });

  /** `inbound_memory_held_bytes`, once it reads `bytes` (the hooks run as the request's bytes arrive). */
  const heldBytesReach = async (bytes: number): Promise<void> => {
    let held = NaN;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const metrics = (await t.http().get('/metrics').expect(200)).text;
      held = Number(/^inbound_memory_held_bytes (\d+)/m.exec(metrics)?.[1]);
      if (held === bytes) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(held).toBe(bytes);
  };
  /** Requests opened by a test, closed after it whatever happened (a server waiting for a body would wait on). */
  const opened: OpenRequest[] = [];
  afterEach(() => opened.splice(0).forEach((one) => one.abort()));
  const openMail = (headers: Record<string, string>) => {
    const one = openRequest(port, 'POST', '/inbound/email', {
      Authorization: `Bearer ${INBOUND_TOKEN}`,
      'Content-Type': 'message/rfc822',
      ...headers,
    });
    opened.push(one);
    return one;
  };
  /** The answer to a request whose body was not sent: within 5 s, or the server is waiting for the body. */
  const answerToHeaders = (one: OpenRequest) =>
    Promise.race([
      one.response,
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('no answer to the headers alone: the server waits for the body')), 5_000),
      ),
    ]);

  it("holds a message's share of the budget by its Content-Length before reading its body: one that does not fit, or does not authenticate, is answered to its headers alone, and a sender that goes away gives its share back", async () => {
    const raw = Buffer.from(
      'From: a@example.com\r\nTo: support@intake.test\r\nSubject: Held\r\nMessage-ID: <door-held@example.com>\r\n\r\nHi\r\n',
    );
    // Headers alone, no byte of the body sent: a stranger's 30 MB are never read.
    const stranger = openMail({ Authorization: 'Bearer not-the-token-0123456789', 'Content-Length': '30000000' });
    const unknown = await answerToHeaders(stranger);
    expect([unknown.status, JSON.parse(unknown.body)]).toEqual([
      401,
      { status: 'error', message: 'Authentication required' },
    ]);
    // A sender that declares most of the budget and sends a little of it holds its share...
    const holding = openMail({ 'Content-Length': String(MEMORY_BUDGET - 1_000) });
    holding.write(raw);
    await heldBytesReach(MEMORY_BUDGET - 1_000);
    // ...so a message that does not fit beside it is answered at once, its body unread.
    const refused = await answerToHeaders(openMail({ 'Content-Length': '1000000' }));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toEqual({ status: 'error', message: 'Service unavailable' });
    // Nothing of those two is held; the sender that goes away gives its share back.
    await heldBytesReach(MEMORY_BUDGET - 1_000);
    holding.abort();
    await heldBytesReach(0);
    // A chunked body's size is unknown: it holds INBOUND_MAX_BYTES (here over the budget: all of it)
    // until the message is taken.
    const chunked = openMail({});
    chunked.write(raw.subarray(0, 40));
    await heldBytesReach(MEMORY_BUDGET);
    chunked.end(raw.subarray(40));
    const taken = await chunked.response;
    expect([taken.status, JSON.parse(taken.body)]).toEqual([202, { outcome: 'unmatched' }]);
    await heldBytesReach(0);
  });

  it('keeps one row per Message-ID and at most INBOUND_UNMATCHED_MAX rows, the oldest dropped and counted', async () => {
    const plain = (n: number) =>
      Buffer.from(
        `From: someone@example.com\r\nTo: support@intake.test\r\nSubject: Plain ${n}\r\n` +
          `Message-ID: <door-plain-${n}@example.com>\r\n\r\nHello ${n}\r\n`,
      );
    await send(plain(0)).expect(202, { outcome: 'unmatched' });
    await send(plain(0)).expect(202, { outcome: 'unmatched' });
    expect((await kept()).items.filter((item) => item.message_id === 'door-plain-0@example.com')).toHaveLength(1);
    for (let n = 1; n <= UNMATCHED_MAX; n++) {
      await send(plain(n)).expect(202, { outcome: 'unmatched' });
    }
    const after = await kept();
    expect(after.total).toBe(UNMATCHED_MAX);
    expect(after.items.map((item) => item.message_id)).toEqual(
      Array.from({ length: UNMATCHED_MAX }, (_, index) => `door-plain-${UNMATCHED_MAX - index}@example.com`),
    );
    const metrics = (await t.http().get('/metrics')).text;
    const dropped = Number(/^inbound_unmatched_dropped_total (\d+)/m.exec(metrics)?.[1]);
    expect(dropped).toBeGreaterThanOrEqual(10);
  });
});
