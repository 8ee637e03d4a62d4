import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { InboundModule } from '../src/inbound/inbound.module';
import { InboundService } from '../src/inbound/inbound.service';
import { FactHandlersModule } from '../src/fact-handlers.module';
import { InboundMailbox } from '../src/mail/inbound-mailbox';
import { imapOptionsOf, MailboxPoller, MAX_HANDOVER_FAILURES, PROCESSED_KEYWORD } from '../src/mail/mailbox-poller';
import { MailReader, MailReading } from '../src/mail/mail-reader';
import { deepMultipart, hugeHeader, manyParts, nestedDivs } from './support/hostile-mail';
import { startDovecot, Dovecot } from './support/dovecot';
import { ownDatabase } from './support/own-database';
import { SmtpSink } from './support/smtp-sink';
import { signedInStaff } from './support/staff';
import { createRoomContext, RoomContext } from './support/room-context';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitFor, waitUntil } from './support/wait';

/** The IMAP path against a real Dovecot of the test's own: exactly once, even across a crash. */
describe('inbound mail by IMAP (a real Dovecot)', () => {
  let dovecot: Dovecot;
  let database: { url: string; drop: () => Promise<void> };
  const apps: (TestApp | RoomContext)[] = [];

  beforeAll(async () => {
    dovecot = await startDovecot();
    database = await ownDatabase();
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    await dovecot.stop();
    await database.drop();
  });

  const mail = (id: string, body = 'hello') =>
    `From: someone@example.com\r\nTo: support@intake.test\r\nSubject: ${id}\r\nMessage-ID: <${id}@example.com>\r\n\r\n${body}\r\n`;

  const settings = (overrides: Record<string, string>) => ({
    DATABASE_URL: database.url,
    // The API role has the poller but no schedule: each test polls when it says so.
    ROLE: 'api',
    STAFF_CHANNELS: 'webhooks',
    INBOUND_IMAP_URL: dovecot.url,
    INBOUND_POLL_INTERVAL: '3600',
    ...overrides,
  });
  /**
   * The inbound room (with the mail room it reads through) on the test's database: the poller, the
   * mailbox and inbound/ as a worker has them, without an app. Webhooks: the facts inbound records.
   */
  async function roomWith(overrides: Record<string, string> = {}): Promise<RoomContext> {
    const room = await createRoomContext([InboundModule, FactHandlersModule], settings(overrides));
    apps.push(room);
    return room;
  }
  async function appWith(overrides: Record<string, string> = {}): Promise<TestApp> {
    const app = await createTestApp(settings(overrides));
    apps.push(app);
    return app;
  }

  /** The Message-ID of a message as read (parsed or unreadable). */
  const idOf = (reading: MailReading) => ('mail' in reading ? reading.mail.messageId : reading.messageId);
  /** An error as mysql2 raises it when the database is not reachable. */
  const databaseAway = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });

  it('hands every new message over once, marks it \\Seen and processed, and retries one whose handler failed', async () => {
    const t = await roomWith();
    const handed: string[] = [];
    let failOnce = 'imap-b';
    t.app.get(InboundMailbox).onMessage(async (reading) => {
      if (idOf(reading) === `${failOnce}@example.com`) {
        failOnce = '';
        throw databaseAway();
      }
      handed.push(idOf(reading));
      await Promise.resolve();
    });
    for (const id of ['imap-a', 'imap-b', 'imap-c']) {
      await dovecot.append(mail(id));
    }
    const poller = t.app.get(MailboxPoller);
    expect(await poller.pollOnce()).toBe(2);
    expect(handed).toEqual(['imap-a@example.com', 'imap-c@example.com']);
    expect(await dovecot.flags()).toEqual([
      [PROCESSED_KEYWORD, '\\Seen'].sort(),
      [],
      [PROCESSED_KEYWORD, '\\Seen'].sort(),
    ]);
    expect(await poller.pollOnce()).toBe(1);
    expect(handed).toEqual(['imap-a@example.com', 'imap-c@example.com', 'imap-b@example.com']);
    expect(await poller.pollOnce()).toBe(0);
    await t.close();
    apps.splice(apps.indexOf(t), 1);
  });

  it('leaves a message on the server, unfetched and unmarked, while INBOUND_MEMORY_BUDGET is held by other mail, and takes it on the next poll', async () => {
    const t = await roomWith({ INBOUND_MEMORY_BUDGET: String(1024 * 1024) });
    const handed: string[] = [];
    t.app.get(InboundMailbox).onMessage(async (reading) => {
      handed.push(idOf(reading));
      await Promise.resolve();
    });
    await dovecot.append(mail('imap-budget'));
    // A large message of the route is being read in the same process: it holds the whole budget.
    const held = t.app.get(MailReader).reserve(4 * 1024 * 1024)!;
    expect(held).not.toBeNull();
    const poller = t.app.get(MailboxPoller);
    expect(await poller.pollOnce()).toBe(0);
    expect(handed).toEqual([]);
    expect((await dovecot.flags()).at(-1)).toEqual([]);
    held.release();
    expect(await poller.pollOnce()).toBe(1);
    expect(handed).toEqual(['imap-budget@example.com']);
    expect((await dovecot.flags()).at(-1)).toEqual([PROCESSED_KEYWORD, '\\Seen'].sort());
    await t.close();
    apps.splice(apps.indexOf(t), 1);
  });

  it('hands a message over again when the worker died after storing it but before marking it; it is stored once', async () => {
    const first = await roomWith();
    const inbound = first.app.get(InboundService);
    // The worker stores the mail, then dies before the poll marks it (the mark never happens).
    first.app.get(InboundMailbox).onMessage(async (reading, raw) => {
      await inbound.take(reading, raw.length);
      throw databaseAway();
    });
    await dovecot.append(mail('imap-crash'));
    expect(await first.app.get(MailboxPoller).pollOnce()).toBe(0);
    expect((await dovecot.flags()).at(-1)).toEqual([]);

    const second = await roomWith();
    const poller = second.app.get(MailboxPoller);
    expect(await poller.pollOnce()).toBe(1);
    expect((await dovecot.flags()).at(-1)).toEqual([PROCESSED_KEYWORD, '\\Seen'].sort());
    // Handed over, taken by inbound/ as unmatched mail: kept once (a second delivery changes nothing).
    const kept = () =>
      second.app
        .get(DataSource)
        .query("SELECT COUNT(*) AS n FROM inbound_unmatched WHERE message_id = 'imap-crash@example.com'");
    expect(Number((await kept())[0].n)).toBe(1);
    expect(await poller.pollOnce()).toBe(0);
    expect(Number((await kept())[0].n)).toBe(1);
  });

  it('sets a message aside after failing for reasons of its own in MAX_HANDOVER_FAILURES polls (kept for admins), and takes the others meanwhile', async () => {
    const t = await roomWith();
    const inbound = t.app.get(InboundService);
    const taken: string[] = [];
    t.app.get(InboundMailbox).onMessage(async (reading, raw) => {
      if ('mail' in reading && reading.mail.messageId === 'imap-poison@example.com') {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      }
      taken.push(idOf(reading));
      await inbound.take(reading, raw.length);
    });
    await dovecot.append(mail('imap-poison'));
    const poison = (await dovecot.flags()).length - 1;
    const poller = t.app.get(MailboxPoller);
    for (let poll = 1; poll < MAX_HANDOVER_FAILURES; poll++) {
      await dovecot.append(mail(`imap-meanwhile-${poll}`));
      expect(await poller.pollOnce()).toBe(1);
      expect((await dovecot.flags())[poison]).toEqual(
        Array.from({ length: poll }, (_, index) => `$IntakeFailed${index + 1}`),
      );
    }
    expect(taken).toEqual(['imap-meanwhile-1@example.com', 'imap-meanwhile-2@example.com']);
    // The last attempt fails too: the message is set aside, kept with its reason, and never taken again.
    expect(await poller.pollOnce()).toBe(1);
    expect(taken.at(-1)).toBe('imap-poison@example.com');
    const kept = await t.app
      .get(DataSource)
      .query(
        "SELECT reason, subject IS NOT NULL AS has_subject FROM inbound_unmatched WHERE message_id = 'imap-poison@example.com'",
      );
    expect(kept).toEqual([{ reason: 'failed', has_subject: 1 }]);
    expect(await poller.pollOnce()).toBe(0);
    await t.close();
    apps.splice(apps.indexOf(t), 1);
  });

  it('marks every message the parser cannot read within its budget as processed on the first poll and keeps it with its reason', async () => {
    const t = await roomWith({ INBOUND_PARSE_TIMEOUT_MS: '20000' });
    const hostile = [
      deepMultipart('imap-deep', 2_000),
      manyParts('imap-parts', 50_000),
      hugeHeader('imap-header', 1024 * 1024),
      nestedDivs('imap-divs', 100_000),
    ];
    for (const raw of hostile) {
      await dovecot.append(raw);
    }
    await dovecot.append(mail('imap-after-hostile'));
    const before = (await dovecot.flags()).length;
    expect(await t.app.get(MailboxPoller).pollOnce()).toBe(hostile.length + 1);
    expect((await dovecot.flags()).slice(before - hostile.length - 1)).toEqual(
      Array(hostile.length + 1).fill([PROCESSED_KEYWORD, '\\Seen'].sort()),
    );
    const rows: { size: number; reason: string | null }[] = await t.app
      .get(DataSource)
      .query('SELECT size, reason FROM inbound_unmatched ORDER BY id DESC LIMIT 5');
    const reasonOfSize = new Map(rows.map((row) => [Number(row.size), row.reason]));
    expect(hostile.map((raw) => reasonOfSize.get(raw.length))).toEqual(['malformed', 'malformed', 'malformed', null]);
    await t.close();
    apps.splice(apps.indexOf(t), 1);
  });

  it('threads a customer reply from the mailbox to its submission within one poll (the scheduled job)', async () => {
    const smtp = new SmtpSink();
    await smtp.start();
    try {
      const prefix = uniquePrefix();
      const settings = {
        REDIS_PREFIX: prefix,
        SMTP_URL: smtp.url,
        INBOUND_ADDRESS: 'support@intake.test',
        REPLY_FROM: 'help@intake.test',
      };
      const worker = await appWith({ ...settings, ROLE: 'all', INBOUND_POLL_INTERVAL: '1' });
      const { cookie } = await signedInStaff(worker, 'IMAP admin', 'admin');
      const { key } = await worker.createKey({ rateLimit: 1000 });
      const access = (await issueTokens(worker, key)).access_token;
      const id = (
        await worker
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${access}`)
          .send({ name: 'Mailbox', email: 'mailbox.customer@example.com', message: 'Where is my order?' })
          .expect(200)
      ).body.id as string;
      const etag = (await worker.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie)).headers.etag;
      await worker
        .http()
        .post(`/staff/api/submissions/${id}/replies`)
        .set('Cookie', cookie)
        .set('If-Match', etag)
        .send({ body: 'On its way.' })
        .expect(201);
      await waitUntil(() => smtp.received.length === 1, 'the reply');
      const reply = await simpleParser(smtp.received[0].raw);
      await dovecot.append(
        `From: mailbox.customer@example.com\r\nTo: ${reply.replyTo!.value[0].address}\r\nSubject: Re: ${reply.subject}\r\n` +
          `Message-ID: <imap-answer@example.com>\r\nIn-Reply-To: ${reply.messageId}\r\n\r\nThanks, got it.\r\n`,
      );
      const detail = await waitFor(
        async () => (await worker.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie)).body,
        (body: { timeline: { kind: string; body: string }[] }) =>
          body.timeline.some((item) => item.kind === 'customer' && item.body === 'Thanks, got it.'),
      );
      expect(detail.timeline.map((item: { kind: string }) => item.kind)).toEqual(['request', 'reply', 'customer']);
    } finally {
      await smtp.stop();
    }
  });

  it('verifies TLS for imaps:// and uses none for imap:// (no connection opened)', () => {
    const secure = imapOptionsOf('imaps://user:p%40ss@mail.example.com/Support%20Box');
    expect(secure.options).toMatchObject({
      host: 'mail.example.com',
      port: 993,
      secure: true,
      tls: { rejectUnauthorized: true },
      auth: { user: 'user', pass: 'p@ss' },
    });
    expect(secure.mailbox).toBe('Support Box');
    const plain = imapOptionsOf('imap://u:p@127.0.0.1:1143');
    expect(plain.options).toMatchObject({ port: 1143, secure: false, doSTARTTLS: false });
    expect(plain.mailbox).toBe('INBOX');
  });
});
