import { quoteRun, hostileMessages } from './support/hostile-mail';
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
describe('the mail door: hostile messages on POST /inbound/email', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // A database of its own: the list's bound drops the oldest rows of the whole table.
    database = await ownDatabase();
    t = await createTestApp({
      DATABASE_URL: database.url,
      INBOUND_TOKEN,
      INBOUND_UNMATCHED_MAX: String(UNMATCHED_MAX),
      // Room for a slow, loaded test machine: what must end unreadable here is refused by the parser.
      INBOUND_PARSE_TIMEOUT_MS: '30000',
    });
    cookie = await staffCookie(t, (await newStaffAccount(t, 'Door admin', 'admin')).email);
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
