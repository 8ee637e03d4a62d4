import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { InboundService } from '../src/inbound/inbound.service';
import { InboundMailbox } from '../src/mail/inbound-mailbox';
import { imapOptionsOf, MailboxPoller, PROCESSED_KEYWORD } from '../src/mail/mailbox-poller';
import { startDovecot, Dovecot } from './support/dovecot';
import { ownDatabase } from './support/own-database';
import { SmtpSink } from './support/smtp-sink';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitFor, waitUntil } from './support/wait';

/** The IMAP path against a real Dovecot of the test's own: exactly once, even across a crash. */
describe('inbound mail by IMAP (a real Dovecot)', () => {
  let dovecot: Dovecot;
  let database: { url: string; drop: () => Promise<void> };
  const apps: TestApp[] = [];

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

  async function appWith(overrides: Record<string, string> = {}): Promise<TestApp> {
    const app = await createTestApp({
      DATABASE_URL: database.url,
      // The API role has the poller but no schedule: each test polls when it says so.
      ROLE: 'api',
      STAFF_CHANNELS: 'webhooks',
      INBOUND_IMAP_URL: dovecot.url,
      INBOUND_POLL_INTERVAL: '3600',
      ...overrides,
    });
    apps.push(app);
    return app;
  }

  it('hands every new message over once, marks it \\Seen and processed, and retries one whose handler failed', async () => {
    const t = await appWith();
    const handed: string[] = [];
    let failOnce = 'imap-b';
    t.app.get(InboundMailbox).onMessage(async (parsed) => {
      if (parsed.messageId === `${failOnce}@example.com`) {
        failOnce = '';
        throw new Error('database away');
      }
      handed.push(parsed.messageId);
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

  it('hands a message over again when the worker died after storing it but before marking it; it is stored once', async () => {
    const first = await appWith();
    const inbound = first.app.get(InboundService);
    // The worker stores the mail, then dies before the poll marks it (the mark never happens).
    first.app.get(InboundMailbox).onMessage(async (parsed, raw) => {
      await inbound.receive(parsed, raw.length);
      throw new Error('killed before marking');
    });
    await dovecot.append(mail('imap-crash'));
    expect(await first.app.get(MailboxPoller).pollOnce()).toBe(0);
    expect((await dovecot.flags()).at(-1)).toEqual([]);

    const second = await appWith();
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
      const admin = await newStaffAccount(worker, 'IMAP admin', 'admin');
      const cookie = await staffCookie(worker, admin.email);
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
