import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { ownDatabase } from './support/own-database';
import { SmtpSink } from './support/smtp-sink';
import { newStaffAccount, staffCookie } from './support/staff';
import { createKeysAndAccounts } from './support/room-context';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitFor, waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';
import { postInboundMail } from './support/service-calls';

const INBOUND_TOKEN = 'inbound-route-token-0123456789';

interface TimelineItem {
  kind: string;
  body: string;
  state?: string;
  from?: string | null;
  from_other?: boolean;
  automatic?: boolean;
  quoted?: string | null;
  id?: string;
  last_error?: string | null;
  attachments?: { id: string; name: string; type: string; size: number; sha256: string | null; state: string }[];
}

/** A raw RFC 5322 message, CRLF line ends. */
function rawMail(headers: Record<string, string | string[]>, body: string): Buffer {
  const lines = Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${one}`),
  );
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}`);
}

/**
 * Staff reply by e-mail through a real SMTP server, and the requester's answers come back through the
 * inbound route (the raw message, as mail providers forward it), matched in the contract's order,
 * including the hostile cases open-source helpdesks keep getting wrong.
 */
describe('mail threads: replies out, answers back (SMTP and POST /inbound/email)', () => {
  const smtp = new SmtpSink();
  const hooks = new WebhookReceiver();
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let cookie: string;
  let access: string;
  let keyId: string;
  let adminId: string;
  let adminEmail: string;

  beforeAll(async () => {
    await smtp.start();
    await hooks.start();
    database = await ownDatabase();
    t = await createTestApp({
      DATABASE_URL: database.url,
      ROLE: 'all',
      STAFF_CHANNELS: 'webhooks',
      SMTP_URL: smtp.url,
      REPLY_FROM: 'help@intake.test',
      INBOUND_ADDRESS: 'support@intake.test',
      INBOUND_TOKEN,
      INBOUND_MAX_BYTES: String(12 * 1024 * 1024),
    });
    const admin = await newStaffAccount(t, 'Mail admin', 'admin');
    adminId = admin.id;
    adminEmail = admin.email;
    cookie = await staffCookie(t, admin.email);
    const key = await t.createKey({ rateLimit: 10_000 });
    keyId = key.id;
    access = (await issueTokens(t, key.key)).access_token;
    await t
      .http()
      .post('/staff/api/webhooks')
      .set('Cookie', cookie)
      .send({ url: hooks.url, api_key_id: keyId, events: ['submission.message_received'] })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await hooks.stop();
    await database.drop();
  });

  const submit = async (email: string, message = 'My printer is on fire, please help') =>
    (
      await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access}`)
        .send({ name: 'Ada Lovelace', email, message })
        .expect(200)
    ).body.id as string;
  const detail = async (id: string) => t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
  const timeline = async (id: string) => (await detail(id)).body.timeline as TimelineItem[];
  const customerMessages = async (id: string) => (await timeline(id)).filter((item) => item.kind === 'customer');
  const inbound = (raw: Buffer, token = INBOUND_TOKEN) => postInboundMail(t, token, raw);
  /** Changes a submission as staff do (PATCH with its ETag). */
  const change = async (id: string, body: Record<string, unknown>) => {
    const etag = (await detail(id)).headers.etag;
    await t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', cookie)
      .set('If-Match', etag)
      .send(body)
      .expect(200);
  };
  const close = (id: string) => change(id, { status: 'closed' });

  /** Replies to `id` as staff and waits for the mail at the SMTP server; answers the parsed mail. */
  async function replyAndReceive(id: string, body: string) {
    const before = smtp.received.length;
    const etag = (await detail(id)).headers.etag;
    await t
      .http()
      .post(`/staff/api/submissions/${id}/replies`)
      .set('Cookie', cookie)
      .set('If-Match', etag)
      .send({ body })
      .expect(201);
    await waitUntil(() => smtp.received.length > before, 'the reply at the SMTP server');
    return simpleParser(smtp.received[smtp.received.length - 1].raw);
  }

  it('sends a reply by SMTP with the ref, a stable Message-ID, the thread headers and the plus-addressed Reply-To; the state goes to sent', async () => {
    const id = await submit('ada@example.com');
    const mail = await replyAndReceive(id, 'We are on our way.');
    expect(mail.subject).toBe(`Re: My printer is on fire, please help [#${refOf(id)}]`);
    expect(mail.to).toMatchObject({ value: [{ address: 'ada@example.com' }] });
    expect(mail.from).toMatchObject({ value: [{ address: 'help@intake.test' }] });
    expect(mail.messageId).toMatch(/^<message\.[0-9a-f-]{36}@intake\.test>$/);
    // The root is an HMAC token of the submission, never its id (which clients and webhooks see).
    expect(mail.inReplyTo).toMatch(/^<submission\.[0-9a-z]{20}@intake\.test>$/);
    expect(mail.references).toEqual(mail.inReplyTo);
    const replyTo = mail.replyTo?.value[0].address ?? '';
    expect(replyTo).toMatch(/^support\+[0-9a-z]{20}@intake\.test$/);
    expect(replyTo).not.toContain(id);
    expect(mail.text?.trim()).toBe('We are on our way.');
    await waitFor(
      () => timeline(id),
      (items) => items.some((item) => item.kind === 'reply' && item.state === 'sent'),
    );
  });

  it('marks a reply failed with the error after its tries, and sends it on retry', async () => {
    const id = await submit('grace@example.com');
    smtp.rejectNext = 100;
    const etag = (await detail(id)).headers.etag;
    const reply = (
      await t
        .http()
        .post(`/staff/api/submissions/${id}/replies`)
        .set('Cookie', cookie)
        .set('If-Match', etag)
        .send({ body: 'Attempt' })
        .expect(201)
    ).body as { id: string };
    // Speed the queue's backoff up: the message fails for good once its job is out of tries.
    const dataSource = t.app.get(DataSource);
    await waitUntil(async () => {
      const [row] = await dataSource.query('SELECT attempts FROM conversation_messages WHERE id = ?', [reply.id]);
      return Number(row.attempts) >= 1;
    }, 'a first failed try');
    const [row] = await dataSource.query('SELECT state, last_error FROM conversation_messages WHERE id = ?', [
      reply.id,
    ]);
    expect(row.state).toBe('queued');
    expect(row.last_error).toMatch(/busy/);
    // The operator gives up on the backoff: the message is marked failed as after its last try.
    await dataSource.query("UPDATE conversation_messages SET state = 'failed' WHERE id = ?", [reply.id]);
    smtp.rejectNext = 0;
    const retried = await t
      .http()
      .post(`/staff/api/messages/${reply.id}/retry`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .expect(200);
    expect(retried.body).toMatchObject({ id: reply.id, state: 'queued' });
    await waitFor(
      () => timeline(id),
      (items) => items.some((item) => item.kind === 'reply' && item.state === 'sent'),
    );
    await t
      .http()
      .post(`/staff/api/messages/${reply.id}/retry`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .expect(409);
  });

  it('threads the answer by the token in To, reopens the submission, folds the quote, emits message_received; the same mail twice is one message', async () => {
    const id = await submit('ada.two@example.com');
    const reply = await replyAndReceive(id, 'Could you send a photo?');
    await change(id, { status: 'pending', assignee_id: adminId });
    const sentBefore = smtp.received.length;
    const answer = rawMail(
      {
        From: 'Ada Lovelace <ada.two@example.com>',
        To: reply.replyTo!.value[0].address!,
        Subject: `Re: ${reply.subject}`,
        'Message-ID': '<answer-1@example.com>',
        'Content-Type': 'text/plain; charset=utf-8',
      },
      'Here it is.\n\nOn Tue, Help wrote:\n> Could you send a photo?\n',
    );
    expect((await inbound(answer).expect(202)).body).toEqual({ outcome: 'attached' });
    expect((await inbound(answer).expect(202)).body).toEqual({ outcome: 'duplicate' });
    const [message] = await customerMessages(id);
    expect(message).toMatchObject({
      body: 'Here it is.',
      from: 'ada.two@example.com',
      from_other: false,
      automatic: false,
    });
    expect(message.quoted).toContain('> Could you send a photo?');
    expect((await customerMessages(id)).length).toBe(1);
    expect((await detail(id)).body.status).toBe('open');
    await waitUntil(() => hooks.received.some((hook) => hook.body.data.id === id), 'submission.message_received');
    // The assignee hears of it: the ref and a link, not the customer's words.
    await waitUntil(() => smtp.received.slice(sentBefore).some((mail) => mail.to.includes(adminEmail)), 'the notice');
    const notice = await simpleParser(
      smtp.received.slice(sentBefore).find((mail) => mail.to.includes(adminEmail))!.raw,
    );
    expect(notice.subject).toBe(`New message on [#${refOf(id)}]`);
    expect(notice.text).toContain(`/staff/#/inbox?open=${id}`);
    expect(notice.text).not.toContain('Here it is');
    const event = hooks.received.find((hook) => hook.body.data.id === id)!;
    expect(event.body.type).toBe('submission.message_received');
    expect(JSON.stringify(event.body)).not.toContain('Here it is');
  });

  it('matches the token in Cc, and a stranger matched by token is another sender, never the requester', async () => {
    const id = await submit('requester@example.com');
    const reply = await replyAndReceive(id, 'Anyone else on this?');
    const token = reply.replyTo!.value[0].address!;
    await inbound(
      rawMail(
        {
          From: 'Colleague <colleague@example.org>',
          To: 'someone@example.org',
          Cc: token,
          Subject: 'Re: re: re',
          'Message-ID': '<cc-1@example.org>',
        },
        'I am the colleague.',
      ),
    ).expect(202, { outcome: 'attached' });
    const [message] = await customerMessages(id);
    expect(message).toMatchObject({ from: 'colleague@example.org', from_other: true });
    // The requester is still the requester.
    expect((await detail(id)).body.email).toBe('requester@example.com');
  });

  it('matches In-Reply-To/References to a Message-ID we sent, and [#ref] only from the requester', async () => {
    const id = await submit('bea@example.com');
    const reply = await replyAndReceive(id, 'Thread me.');
    await inbound(
      rawMail(
        {
          From: 'bea@example.com',
          To: 'help@intake.test',
          Subject: 'no tag here',
          'Message-ID': '<thread-1@example.com>',
          'In-Reply-To': reply.messageId!,
          References: reply.messageId!,
        },
        'By thread.',
      ),
    ).expect(202, { outcome: 'attached' });
    // A stranger with the subject tag: not attached (unmatched), whatever the subject says.
    await inbound(
      rawMail(
        {
          From: 'mallory@example.net',
          To: 'help@intake.test',
          Subject: `Re: [#${refOf(id)}] let me in`,
          'Message-ID': '<stranger-1@example.net>',
        },
        'Give me the data.',
      ),
    ).expect(202, { outcome: 'unmatched' });
    // The requester with the tag and nothing else: attached.
    await inbound(
      rawMail(
        {
          From: 'BEA@Example.com',
          To: 'help@intake.test',
          Subject: `Re: anything [#${refOf(id).toLowerCase()}]`,
          'Message-ID': '<tag-1@example.com>',
        },
        'By tag.',
      ),
    ).expect(202, { outcome: 'attached' });
    expect((await customerMessages(id)).map((item) => item.body)).toEqual(['By thread.', 'By tag.']);
    // "Re:" and a number alone never match.
    await inbound(
      rawMail({ From: 'bea@example.com', To: 'help@intake.test', Subject: 'Re: 1234', 'Message-ID': '<re-1@x>' }, 'x'),
    ).expect(202, { outcome: 'unmatched' });
    const unmatched = await t.http().get('/staff/api/inbound/unmatched').set('Cookie', cookie).expect(200);
    expect(unmatched.body.total).toBeGreaterThanOrEqual(2);
    expect(unmatched.body.items.map((item: { message_id: string }) => item.message_id)).toEqual(
      expect.arrayContaining(['stranger-1@example.net', 're-1@x']),
    );
  });

  it("roots a new submission's thread in an HMAC token: its id matches nothing, the root we sent does, and a submission that sent mail with the old root keeps it", async () => {
    const id = await submit('rooted@example.com');
    const reply = await replyAndReceive(id, 'Rooted.');
    const root = reply.inReplyTo!;
    expect(root).not.toContain(id);
    const answer = (from: string, messageId: string, inReplyTo: string, body: string) =>
      inbound(
        rawMail(
          { From: from, To: 'help@intake.test', Subject: 'no tag', 'Message-ID': messageId, 'In-Reply-To': inReplyTo },
          body,
        ),
      );
    // Anyone who knows the id (its client, a webhook receiver): the old form of the root matches nothing.
    await answer('mallory@example.net', '<forged-root-1@example.net>', `<submission.${id}@intake.test>`, 'x').expect(
      202,
      { outcome: 'unmatched' },
    );
    await answer('rooted@example.com', '<by-root-1@example.com>', root, 'By root.').expect(202, {
      outcome: 'attached',
    });
    expect((await customerMessages(id)).map((item) => item.body)).toEqual(['By root.']);
    // A submission that sent mail before the change (the migration marks its messages so) keeps the
    // old form, in what it sends and in what it accepts.
    const old = await submit('old.root@example.com');
    await replyAndReceive(old, 'Old thread.');
    await t.app
      .get(DataSource)
      .query('UPDATE conversation_messages SET legacy_root = 1 WHERE submission_id = ?', [old]);
    const next = await replyAndReceive(old, 'Still the old thread.');
    expect(next.inReplyTo).toBe(`<submission.${old}@intake.test>`);
    await answer(
      'old.root@example.com',
      '<by-old-root-1@example.com>',
      `<submission.${old}@intake.test>`,
      'Old.',
    ).expect(202, { outcome: 'attached' });
    expect((await customerMessages(old)).map((item) => item.body)).toEqual(['Old.']);
  });

  it("keeps a Message-ID per submission and sender: a stranger's first use does not swallow the requester's mail, and the same sender's copy is one message", async () => {
    const id = await submit('first.come@example.com');
    const reply = await replyAndReceive(id, 'Who is there?');
    const mail = (from: string, body: string) =>
      rawMail(
        {
          From: from,
          To: 'help@intake.test',
          Subject: 'Re: who',
          'Message-ID': '<shared-1@example.com>',
          'In-Reply-To': reply.messageId!,
        },
        body,
      );
    // Used first in another submission, by its own requester.
    const elsewhere = await submit('elsewhere@example.com');
    const elsewhereReply = await replyAndReceive(elsewhere, 'Hello elsewhere.');
    await inbound(
      rawMail(
        {
          From: 'elsewhere@example.com',
          To: 'help@intake.test',
          Subject: 'Re: hello',
          'Message-ID': '<shared-1@example.com>',
          'In-Reply-To': elsewhereReply.messageId!,
        },
        'Elsewhere.',
      ),
    ).expect(202, { outcome: 'attached' });
    // Then by a stranger in this one, then by its requester: both attached, each once.
    await inbound(mail('mallory@example.net', 'I was first.')).expect(202, { outcome: 'attached' });
    await inbound(mail('first.come@example.com', 'The real answer.')).expect(202, { outcome: 'attached' });
    await inbound(mail('First.Come@Example.com', 'The real answer.')).expect(202, { outcome: 'duplicate' });
    await inbound(mail('mallory@example.net', 'I was first.')).expect(202, { outcome: 'duplicate' });
    expect((await customerMessages(id)).map((item) => [item.from, item.from_other, item.body])).toEqual([
      ['mallory@example.net', true, 'I was first.'],
      ['first.come@example.com', false, 'The real answer.'],
    ]);
    expect((await customerMessages(elsewhere)).map((item) => item.body)).toEqual(['Elsewhere.']);
  });

  it("names only our own Message-IDs in References, the root first and at most ten, never a customer's", async () => {
    const id = await submit('refs@example.com');
    const ours: string[] = [];
    const first = await replyAndReceive(id, 'Reply 1');
    const root = first.inReplyTo!;
    ours.push(first.messageId!);
    await inbound(
      rawMail(
        {
          From: 'refs@example.com',
          To: 'help@intake.test',
          Subject: 'Re: reply',
          'Message-ID': '<hostile-1@evil.example>',
          'In-Reply-To': first.messageId!,
        },
        'Here is my id.',
      ),
    ).expect(202, { outcome: 'attached' });
    let last = first;
    for (let n = 2; n <= 11; n++) {
      last = await replyAndReceive(id, `Reply ${n}`);
      ours.push(last.messageId!);
    }
    const references = [last.references ?? []].flat();
    expect(references).toHaveLength(10);
    expect(references[0]).toBe(root);
    // The nine most recent of our earlier messages, oldest first.
    expect(references.slice(1)).toEqual(ours.slice(-10, -1));
    expect(references.join(' ')).not.toContain('evil.example');
  });

  it('attaches an auto-reply but changes nothing and triggers nothing (no reopen, no webhook)', async () => {
    const id = await submit('ooo@example.com');
    const reply = await replyAndReceive(id, 'Are you there?');
    await close(id);
    const sentBefore = smtp.received.length;
    const automatic: Record<string, string>[] = [
      { 'Auto-Submitted': 'auto-replied' },
      { Precedence: 'bulk' },
      { 'Return-Path': '<>' },
    ];
    for (const [index, extra] of automatic.entries()) {
      await inbound(
        rawMail(
          {
            From: 'ooo@example.com',
            To: reply.replyTo!.value[0].address!,
            Subject: 'Out of office',
            'Message-ID': `<ooo-${index}@example.com>`,
            ...extra,
          },
          'I am away.',
        ),
      ).expect(202, { outcome: 'attached' });
    }
    const messages = await customerMessages(id);
    expect(messages.map((message) => message.automatic)).toEqual([true, true, true]);
    expect((await detail(id)).body.status).toBe('closed');
    expect(hooks.received.some((hook) => hook.body.data.id === id)).toBe(false);
    expect(smtp.received.length).toBe(sentBefore);
  });

  it('keeps attachments (test/attachments.e2e-spec.ts has the rest), shows HTML mail as text, survives broken MIME and a 10 MiB message', async () => {
    const id = await submit('files@example.com');
    const reply = await replyAndReceive(id, 'Send the file.');
    const to = reply.replyTo!.value[0].address!;
    const boundary = 'b1';
    await inbound(
      rawMail(
        {
          From: 'files@example.com',
          To: to,
          Subject: 'file',
          'Message-ID': '<file-1@example.com>',
          'MIME-Version': '1.0',
          'Content-Type': `multipart/mixed; boundary="${boundary}"`,
        },
        [
          `--${boundary}`,
          'Content-Type: text/html; charset=utf-8',
          '',
          '<p>See <b>attached</b><script>alert(1)</script></p>',
          `--${boundary}`,
          'Content-Type: application/pdf; name="invoice.pdf"',
          'Content-Disposition: attachment; filename="invoice.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from('%PDF-1.4 not really').toString('base64'),
          `--${boundary}--`,
          '',
        ].join('\n'),
      ),
    ).expect(202, { outcome: 'attached' });
    const [withFile] = await customerMessages(id);
    expect(withFile.body).toContain('See');
    expect(withFile.body).not.toContain('<');
    expect(withFile.attachments).toEqual([
      {
        id: expect.any(String),
        name: 'invoice.pdf',
        type: 'application/pdf',
        size: 19,
        sha256: createHash('sha256').update('%PDF-1.4 not really').digest('hex'),
        inline_image: false,
        state: 'stored',
      },
    ]);
    const [row] = await t.app
      .get(DataSource)
      .query('SELECT body FROM conversation_messages WHERE message_id = ?', ['file-1@example.com']);
    expect(row.body).not.toContain('PDF-1.4');

    await inbound(
      rawMail(
        {
          From: 'files@example.com',
          To: to,
          'Message-ID': '<broken-1@example.com>',
          'Content-Type': 'multipart/mixed; boundary="nope"',
        },
        '--wrong\r\nContent-Type: text/plain\r\n\r\nhalf a mess',
      ),
    ).expect(202);
    const big = rawMail(
      { From: 'files@example.com', To: to, Subject: 'big', 'Message-ID': '<big-1@example.com>' },
      `start\n${'x'.repeat(76)}\n`.repeat((10 * 1024 * 1024) / 78),
    );
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    await inbound(big).expect(202, { outcome: 'attached' });
  });

  it('marks a reply bounced from a delivery-status notification or a bounce quoting it: nothing reopens, nothing is kept, message.bounced goes out', async () => {
    const bounceHooks = new WebhookReceiver();
    await bounceHooks.start();
    await t
      .http()
      .post('/staff/api/webhooks')
      .set('Cookie', cookie)
      .send({ url: bounceHooks.url, api_key_id: keyId, events: ['message.bounced'] })
      .expect(201);
    const unmatchedTotal = async () =>
      (await t.http().get('/staff/api/inbound/unmatched').set('Cookie', cookie).expect(200)).body.total as number;
    // Addressed, as a receiving server addresses a bounce, to the envelope sender of what it returns.
    const report = (messageId: string, returned: string, to: string) =>
      rawMail(
        {
          From: 'Mail Delivery System <MAILER-DAEMON@mx.example.com>',
          To: to,
          Subject: 'Undelivered Mail Returned to Sender',
          'Message-ID': `<${messageId}>`,
          'Auto-Submitted': 'auto-replied',
          'MIME-Version': '1.0',
          'Content-Type': 'multipart/report; report-type=delivery-status; boundary="r"',
        },
        [
          '--r',
          'Content-Type: text/plain',
          '',
          'I am sorry to have to inform you that your message could not be delivered.',
          '',
          '--r',
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.example.com',
          '',
          'Final-Recipient: rfc822; gone@example.com',
          'Action: failed',
          'Status: 5.1.1',
          'Diagnostic-Code: smtp; 550 5.1.1 <gone@example.com>: Recipient address rejected:',
          ' User unknown in virtual mailbox table',
          '',
          '--r',
          'Content-Type: text/rfc822-headers',
          '',
          'From: help@intake.test',
          'To: gone@example.com',
          `Message-ID: ${returned}`,
          '',
          '--r--',
          '',
        ].join('\n'),
      );
    try {
      const id = await submit('gone@example.com');
      const mail = await replyAndReceive(id, 'Here is your answer.');
      const returnPath = smtp.received[smtp.received.length - 1].from;
      await close(id);
      const keptBefore = await unmatchedTotal();

      await inbound(report('dsn-1@mx.example.com', mail.messageId!, returnPath)).expect(202, { outcome: 'bounced' });
      const [sent] = (await timeline(id)).filter((item) => item.kind === 'reply');
      expect(sent.state).toBe('bounced');
      expect(sent.last_error).toBe(
        '5.1.1 550 5.1.1 <address>: Recipient address rejected: User unknown in virtual mailbox table ' +
          '(reported by mx.example.com)',
      );
      // Nothing reopened, no customer message, nothing kept for admins to read.
      expect((await detail(id)).body.status).toBe('closed');
      expect(await customerMessages(id)).toEqual([]);
      expect(await unmatchedTotal()).toBe(keptBefore);
      await waitUntil(() => bounceHooks.received.length === 1, 'message.bounced');
      expect(bounceHooks.received[0].body).toMatchObject({
        type: 'message.bounced',
        data: { id, message_id: sent.id, status: '5.1.1' },
      });
      // The server's words may name the address: they stay on the message, out of the webhook.
      expect(JSON.stringify(bounceHooks.received[0].body)).not.toContain('gone@example.com');
      // The same report again changes nothing more.
      await inbound(report('dsn-1b@mx.example.com', mail.messageId!, returnPath)).expect(202, { outcome: 'bounced' });

      // A server's plain bounce that quotes the reply's headers does the same.
      const other = await submit('away@example.com');
      const second = await replyAndReceive(other, 'A second answer.');
      const secondReturnPath = smtp.received[smtp.received.length - 1].from;
      const statusBefore = (await detail(other)).body.status as string;
      await inbound(
        rawMail(
          {
            From: 'postmaster@mx.example.org',
            To: secondReturnPath,
            Subject: 'Delivery Status Notification (Failure)',
            'Message-ID': '<plain-bounce@mx.example.org>',
            'Auto-Submitted': 'auto-replied',
          },
          'Delivery to the following recipient failed permanently:\n\n     away@example.com\n\n' +
            'The response was:\n\n550 5.2.1 The email account that you tried to reach is disabled.\n\n' +
            `----- Original message -----\n\nMessage-ID: ${second.messageId}\nSubject: ${second.subject}\n`,
        ),
      ).expect(202, { outcome: 'bounced' });
      const [secondSent] = (await timeline(other)).filter((item) => item.kind === 'reply');
      expect(secondSent.state).toBe('bounced');
      expect(secondSent.last_error).toBe(
        '5.2.1 550 5.2.1 The email account that you tried to reach is disabled. (reported by mx.example.org)',
      );
      expect((await detail(other)).body.status).toBe(statusBefore);

      // A bounce of mail this service never sent is set aside too: never unmatched mail to read.
      await inbound(report('dsn-stray@mx.example.com', '<someone-else@elsewhere.example>', returnPath)).expect(202, {
        outcome: 'bounced',
      });
      expect(await unmatchedTotal()).toBe(keptBefore);
      expect(bounceHooks.received.length).toBe(2);
    } finally {
      await bounceHooks.stop();
    }
  });

  it("binds a bounce to what was sent: each reply has a return path of its own, and a report not addressed to it (or to another reply's) changes nothing and is kept for admins", async () => {
    const unmatchedTotal = async () =>
      (await t.http().get('/staff/api/inbound/unmatched').set('Cookie', cookie).expect(200)).body.total as number;
    /** A delivery-status notification returning `returned`, with the headers and report fields given. */
    const report = (messageId: string, returned: string, headers: Record<string, string>, fields: string[] = []) =>
      rawMail(
        {
          From: 'MAILER-DAEMON@mx.example.com',
          Subject: 'Undelivered Mail Returned to Sender',
          'Message-ID': `<${messageId}>`,
          'MIME-Version': '1.0',
          'Content-Type': 'multipart/report; report-type=delivery-status; boundary="r"',
          ...headers,
        },
        [
          '--r',
          'Content-Type: message/delivery-status',
          '',
          ...fields,
          '',
          'Final-Recipient: rfc822; victim@example.com',
          'Action: failed',
          'Status: 5.1.1',
          'Remote-MTA: dns; mx.victim.example [192.0.2.7] <b>hello</b>',
          'Diagnostic-Code: smtp; 550 5.1.1 No such user',
          '',
          '--r',
          'Content-Type: text/rfc822-headers',
          '',
          `Message-ID: ${returned}`,
          '',
          '--r--',
          '',
        ].join('\n'),
      );
    const id = await submit('victim@example.com');
    const mail = await replyAndReceive(id, 'Your answer.');
    // The envelope sender the SMTP server saw: the support mailbox, plus a token of this reply's own.
    const returnPath = smtp.received[smtp.received.length - 1].from;
    expect(returnPath).toMatch(/^support\+b-[0-9a-z]{20}@intake\.test$/);
    expect(mail.from).toMatchObject({ value: [{ address: 'help@intake.test' }] });
    // Someone who got a reply of their own knows its return path, and the victim's Message-ID (which
    // anyone copied on the thread sees), but not the victim's return path.
    const other = await submit('mallory@example.com');
    const othersMail = await replyAndReceive(other, 'Yours.');
    const othersReturnPath = smtp.received[smtp.received.length - 1].from;
    expect(othersReturnPath).not.toBe(returnPath);
    expect(othersMail.messageId).not.toBe(mail.messageId);
    const replyOf = async () => (await timeline(id)).find((item) => item.kind === 'reply')!;
    const keptBefore = await unmatchedTotal();

    await inbound(report('forged-1@mx.example.com', mail.messageId!, { To: 'support@intake.test' })).expect(202, {
      outcome: 'unmatched',
    });
    await inbound(
      report('forged-2@mx.example.com', mail.messageId!, { To: othersReturnPath, 'Delivered-To': othersReturnPath }),
    ).expect(202, { outcome: 'unmatched' });
    expect(await replyOf()).toMatchObject({ state: 'sent', last_error: null });
    expect(await unmatchedTotal()).toBe(keptBefore + 2);

    // Delivered to the reply's own return path (as the receiving server records it): marked, with the
    // servers the report names, host names only.
    await inbound(
      report('genuine-1@mx.example.com', mail.messageId!, { To: 'support@intake.test', 'Delivered-To': returnPath }, [
        'Reporting-MTA: dns; mx.example.com (Postfix) <script>x</script>',
      ]),
    ).expect(202, { outcome: 'bounced' });
    expect(await replyOf()).toMatchObject({
      state: 'bounced',
      last_error: '5.1.1 550 5.1.1 No such user (reported by mx.example.com, remote server mx.victim.example)',
    });

    // A report that quotes the return path among its fields (as Postfix names the envelope sender) binds too.
    const third = await submit('quoted@example.com');
    const thirdMail = await replyAndReceive(third, 'A third answer.');
    const thirdReturnPath = smtp.received[smtp.received.length - 1].from;
    await inbound(
      report('genuine-2@mx.example.com', thirdMail.messageId!, { To: 'support@intake.test' }, [
        'Reporting-MTA: dns; mx.example.com',
        `X-Postfix-Sender: rfc822; ${thirdReturnPath}`,
      ]),
    ).expect(202, { outcome: 'bounced' });
    expect((await timeline(third)).find((item) => item.kind === 'reply')!.state).toBe('bounced');
    expect(await unmatchedTotal()).toBe(keptBefore + 2);
  });

  it("sends the key's acknowledgement once per submission and once per address an hour, from its reply_from, auto-replied", async () => {
    const { id: ackKeyId, key } = await t.createKey({ rateLimit: 1000, name: 'Acknowledging' });
    const token = (await issueTokens(t, key)).access_token;
    const patch = (body: object) => t.http().patch(`/staff/api/keys/${ackKeyId}`).set('Cookie', cookie).send(body);
    expect((await patch({ auto_ack: { subject: 'Got it [#{{ref}}]\r\nBcc: x@y' } }).expect(400)).body.message).toBe(
      'Invalid field: auto_ack',
    );
    expect((await patch({ reply_from: { address: 'not an address' } }).expect(400)).body.message).toBe(
      'Invalid field: reply_from',
    );
    const configured = await patch({
      auto_ack: { subject: 'We got it [#{{ref}}]', body: 'Hello {{name}}, your reference is {{ref}}.' },
      reply_from: { name: 'Acme Support', address: 'support@acme.test' },
    }).expect(200);
    expect(configured.body).toMatchObject({
      auto_ack: { subject: 'We got it [#{{ref}}]' },
      reply_from: { name: 'Acme Support', address: 'support@acme.test' },
    });
    const send = async (email: string) =>
      (
        await t
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${token}`)
          .send({ name: 'Grace', email, message: 'Acknowledge me' })
          .expect(200)
      ).body.id as string;
    const before = smtp.received.length;
    const first = await send('ack.me@example.com');
    await waitUntil(() => smtp.received.length === before + 1, 'the acknowledgement');
    const ack = await simpleParser(smtp.received[before].raw);
    expect(ack.subject).toBe(`We got it [#${refOf(first)}]`);
    expect(ack.text?.trim()).toBe(`Hello Grace, your reference is ${refOf(first)}.`);
    expect(ack.headers.get('auto-submitted')).toBe('auto-replied');
    expect(ack.from).toMatchObject({ value: [{ name: 'Acme Support', address: 'support@acme.test' }] });
    // Its Message-ID is not made of the submission's id, so knowing the id threads nothing into it.
    expect(ack.messageId).toMatch(/^<message\.[0-9a-f-]{36}@intake\.test>$/);
    expect(ack.messageId).not.toContain(first);
    await inbound(
      rawMail(
        {
          From: 'mallory@example.net',
          To: 'help@intake.test',
          Subject: 'Re: hello',
          'Message-ID': '<forged-ack-1@example.net>',
          'In-Reply-To': `<message.${first}@intake.test>`,
        },
        'Let me in.',
      ),
    ).expect(202, { outcome: 'unmatched' });
    // The same address again within the hour: no second acknowledgement; another address gets one.
    const second = await send('ack.me@example.com');
    const third = await send('other.ack@example.com');
    await waitUntil(() => smtp.received.length === before + 2, 'the other acknowledgement');
    await waitFor(
      () => detail(second),
      (response) => response.body.delivery_state === 'delivered',
    );
    expect(smtp.received.length).toBe(before + 2);
    expect((await timeline(third)).map((item) => item.kind)).toEqual(['request', 'ack']);
    expect((await timeline(second)).map((item) => item.kind)).toEqual(['request']);
  });

  it('tells a staff member assigned by someone else (e-mail and submission.assigned), not one who took it', async () => {
    const agent = await newStaffAccount(t, 'Assigned agent');
    const picked = (await t.http().get('/staff/api/staff/assignable').set('Cookie', cookie).expect(200)).body as {
      id: string;
      name: string;
    }[];
    expect(picked).toEqual(expect.arrayContaining([{ id: agent.id, name: agent.name }]));
    const assigned = new WebhookReceiver();
    await assigned.start();
    try {
      await t
        .http()
        .post('/staff/api/webhooks')
        .set('Cookie', cookie)
        .send({ url: assigned.url, api_key_id: keyId, events: ['submission.assigned'] })
        .expect(201);
      const id = await submit('assign.me@example.com');
      const before = smtp.received.length;
      const patch = (assignee: string) => change(id, { assignee_id: assignee });
      await patch(agent.id);
      await waitUntil(() => smtp.received.slice(before).some((mail) => mail.to.includes(agent.email)), 'the notice');
      const notice = await simpleParser(smtp.received.slice(before).find((mail) => mail.to.includes(agent.email))!.raw);
      expect(notice.subject).toBe(`Assigned to you: [#${refOf(id)}]`);
      await waitUntil(() => assigned.received.some((hook) => hook.body.data.id === id), 'submission.assigned');
      expect(assigned.received.find((hook) => hook.body.data.id === id)!.body).toMatchObject({
        type: 'submission.assigned',
        data: { id, before: null, after: agent.id, actor_id: adminId },
      });
      // Taking it oneself: no notice to oneself.
      await patch(adminId);
      await waitUntil(
        () => assigned.received.filter((hook) => hook.body.data.id === id).length === 2,
        'the second event',
      );
      expect(smtp.received.slice(before).filter((mail) => mail.to.includes(adminEmail))).toEqual([]);
    } finally {
      await assigned.stop();
    }
  });

  it('refuses the route without the bearer token (401), a wrong content type (415), and a message over INBOUND_MAX_BYTES (413)', async () => {
    await inbound(rawMail({ From: 'a@b.c', 'Message-ID': '<x@y>' }, 'x'), 'wrong-token-0000000000').expect(401);
    await t
      .http()
      .post('/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
      .set('Content-Type', 'text/plain')
      .send('hello')
      .expect(415, { status: 'error', message: 'Unsupported Content-Type: expected message/rfc822' });
    // JSON is no raw message either: the same 415, not a 400 about an empty message.
    await t
      .http()
      .post('/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_TOKEN}`)
      .send({ raw: 'From: a@b.c' })
      .expect(415, { status: 'error', message: 'Unsupported Content-Type: expected message/rfc822' });
    await inbound(Buffer.alloc(12 * 1024 * 1024 + 10, 'a')).expect(413);
    // message/rfc822 is taken by that route only: the contract's endpoints still answer 415.
    await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${access}`)
      .set('Content-Type', 'message/rfc822')
      .send(Buffer.from('From: a@b.c\r\n\r\nx'))
      .expect(415);
  });
});

describe('INBOUND_NEW_SUBMISSIONS_KEY, and acknowledgements that cannot be made a mail cannon', () => {
  const smtp = new SmtpSink();
  const ACK_CAP = 5;
  let t: TestApp;
  let keyId: string;
  let cookie: string;

  beforeAll(async () => {
    await smtp.start();
    const maker = await createKeysAndAccounts();
    keyId = (await maker.createKey({ name: 'Mailbox intake' })).id;
    await maker.close();
    t = await createTestApp({
      ROLE: 'all',
      INBOUND_TOKEN,
      INBOUND_NEW_SUBMISSIONS_KEY: keyId,
      STAFF_CHANNELS: 'webhooks',
      SMTP_URL: smtp.url,
      REPLY_FROM: 'help@intake.test',
      INBOUND_TRUSTED_AUTHSERV_ID: 'other.intake.test, mx.intake.test',
      ACK_MAX_PER_KEY_HOUR: String(ACK_CAP),
    });
    cookie = await staffCookie(t, (await newStaffAccount(t, 'Ack admin', 'admin')).email);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const ACK = { subject: 'We got it, {{name}} [#{{ref}}]', body: 'Hello {{name}}, your reference is {{ref}}.' };
  const send = (raw: Buffer) => postInboundMail(t, INBOUND_TOKEN, raw);
  const setAutoAck = (id: string) =>
    t.http().patch(`/staff/api/keys/${id}`).set('Cookie', cookie).send({ auto_ack: ACK }).expect(200);
  /** A key with the acknowledgement on, and a token to submit with. */
  async function acknowledgingKey(name: string) {
    const key = await t.createKey({ rateLimit: 1000, name });
    await setAutoAck(key.id);
    return { id: key.id, token: (await issueTokens(t, key.key)).access_token };
  }
  const submitTo = (token: string, name: string, email: string) =>
    t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${token}`)
      .send({ name, email, message: `Please acknowledge ${email}` })
      .expect(200);
  const query = (sql: string, parameters: unknown[]) => t.app.get(DataSource).query(sql, parameters);
  /** Waits until the key's `count` submissions are delivered (their acknowledgement, if any, is queued by then). */
  const delivered = (apiKeyId: string, count: number) =>
    waitUntil(
      async () =>
        Number(
          (
            await query("SELECT COUNT(*) AS n FROM submissions WHERE api_key_id = ? AND state = 'delivered'", [
              apiKeyId,
            ])
          )[0].n,
        ) === count,
      `${count} delivered submissions`,
    );
  const ackRows = async (apiKeyId: string): Promise<number> =>
    Number(
      (
        await query(
          "SELECT COUNT(*) AS n FROM conversation_messages m JOIN submissions s ON s.id = m.submission_id WHERE s.api_key_id = ? AND m.kind = 'ack'",
          [apiKeyId],
        )
      )[0].n,
    );
  /** Mail the SMTP server took for any of these recipients (the address as the envelope carries it). */
  const mailTo = (addresses: string[]) =>
    smtp.received.filter((mail) => mail.to.some((to) => addresses.includes(to.toLowerCase())));

  it('turns mail that matches nothing into a new submission of that key, once, and keeps automatic mail out', async () => {
    const fresh = rawMail(
      {
        From: 'New Person <new.person@example.com>',
        To: 'help@intake.test',
        Subject: 'A new question',
        'Message-ID': '<fresh-1@example.com>',
      },
      'Do you ship to Norway?',
    );
    // A stranger who used the Message-ID first does not make the person's own mail a replay of theirs.
    const first = rawMail(
      {
        From: 'mallory@example.net',
        To: 'help@intake.test',
        Subject: 'Me first',
        'Message-ID': '<fresh-1@example.com>',
      },
      'Mine.',
    );
    expect((await send(first).expect(202)).body).toEqual({ outcome: 'new submission' });
    expect((await send(fresh).expect(202)).body).toEqual({ outcome: 'new submission' });
    expect((await send(fresh).expect(202)).body).toEqual({ outcome: 'new submission' });
    await send(
      rawMail(
        {
          From: 'robot@example.com',
          To: 'help@intake.test',
          Subject: 'Auto',
          'Message-ID': '<auto-9@example.com>',
          'Auto-Submitted': 'auto-generated',
        },
        'beep',
      ),
    ).expect(202, { outcome: 'unmatched' });
    const rows = await query('SELECT name, email, message FROM submissions WHERE api_key_id = ?', [keyId]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'mallory@example.net', email: 'mallory@example.net', message: 'Me first\n\nMine.' },
        { name: 'New Person', email: 'new.person@example.com', message: 'A new question\n\nDo you ship to Norway?' },
      ]),
    );
    expect(rows).toHaveLength(2);
    await delivered(keyId, 2);
  });

  it('acknowledges inbound mail only when the trusted server says its From domain passed DMARC or aligned SPF, and never quotes its subject', async () => {
    await setAutoAck(keyId);
    const before = Number((await query('SELECT COUNT(*) AS n FROM submissions WHERE api_key_id = ?', [keyId]))[0].n);
    const mail = (n: number, from: string, authenticationResults: string[], subject = 'Claim your prize today') =>
      rawMail(
        {
          'Authentication-Results': authenticationResults,
          From: from,
          To: 'help@intake.test',
          Subject: subject,
          'Message-ID': `<forged-${n}@example.com>`,
        },
        `Collect it at the desk, message ${n}.`,
      );
    const forged = [
      mail(1, 'Prize Team <victim1@forged.test>', []),
      mail(2, 'victim2@forged.test', ['evil.test; dmarc=pass header.from=forged.test']),
      mail(3, 'victim3@forged.test', ['mx.intake.test; dmarc=fail (p=none) header.from=forged.test']),
      // A forged "trusted" header below the receiving server's own: only the topmost trusted one counts.
      mail(4, 'victim4@forged.test', [
        'mx.intake.test; dmarc=fail header.from=forged.test',
        'mx.intake.test; dmarc=pass header.from=forged.test',
      ]),
      mail(5, 'victim5@forged.test', ['mx.intake.test; dmarc=pass header.from=attacker.test']),
      mail(6, 'victim6@forged.test', ['mx.intake.test; spf=pass smtp.mailfrom=attacker.test']),
      mail(7, 'victim7@forged.test', ['mx.intake.test (dmarc=pass header.from=forged.test); none']),
    ];
    for (const raw of forged) {
      await send(raw).expect(202, { outcome: 'new submission' });
    }
    await send(
      mail(8, 'Ada Lovelace <ada@verified.test>', [
        'mx.intake.test; spf=none; dkim=pass header.d=verified.test; dmarc=pass (p=reject) header.from=verified.test',
        'evil.test; dmarc=fail header.from=verified.test',
      ]),
    ).expect(202, { outcome: 'new submission' });
    await send(
      mail(9, 'Visit www.evil.test now <grace@aligned.test>', [
        'other.intake.test; spf=pass smtp.mailfrom=bounces@mail.aligned.test',
      ]),
    ).expect(202, { outcome: 'new submission' });
    await delivered(keyId, before + forged.length + 2);
    await waitUntil(() => mailTo(['ada@verified.test', 'grace@aligned.test']).length === 2, 'the two acknowledgements');
    expect(await ackRows(keyId)).toBe(2);
    expect(mailTo([1, 2, 3, 4, 5, 6, 7].map((n) => `victim${n}@forged.test`))).toEqual([]);

    const [ada] = await Promise.all(mailTo(['ada@verified.test']).map((sent) => simpleParser(sent.raw)));
    const [grace] = await Promise.all(mailTo(['grace@aligned.test']).map((sent) => simpleParser(sent.raw)));
    // The subject of the mail (the request) is stored, but no acknowledgement quotes it.
    for (const ack of [ada, grace]) {
      expect(ack.subject).toMatch(/^We got it, there \[#[0-9A-Z-]+\]$/);
      expect(`${ack.subject} ${ack.text}`).not.toMatch(/claim|prize|today|collect|desk/i);
    }
    expect(ada.text?.trim()).toMatch(/^Hello Ada Lovelace, your reference is [0-9A-Z-]+\.$/);
    // A display name holding a link is no name to greet.
    expect(grace.text?.trim()).toMatch(/^Hello there, your reference is [0-9A-Z-]+\.$/);
  });

  it('greets only a plain name: a link, an address, markup or 61 characters read "there"', async () => {
    const key = await acknowledgingKey('Greeting');
    const names = {
      'plain@names.test': 'Grace Hopper',
      'link@names.test': 'Claim it at https://evil.test/win',
      'domain@names.test': 'Win big at evil.example',
      'at@names.test': 'write to win@evil.test',
      'markup@names.test': '<a href="x">Grace</a>',
    };
    const long = { 'long@names.test': 'x'.repeat(61) };
    // The cap (ACK_CAP, 5) is per key: the 61 characters get a key of their own.
    const other = await acknowledgingKey('Greeting, long');
    for (const [email, name] of Object.entries(names)) {
      await submitTo(key.token, name, email);
    }
    await submitTo(other.token, long['long@names.test'], 'long@names.test');
    const all = [...Object.keys(names), 'long@names.test'];
    await waitUntil(() => mailTo(all).length === all.length, 'the acknowledgements');
    const greetings = Object.fromEntries(
      await Promise.all(
        mailTo(all).map(async (sent) => [
          sent.to[0],
          ((await simpleParser(sent.raw)).text ?? '').trim().replace(/, your reference.*$/, ''),
        ]),
      ),
    );
    expect(greetings).toEqual({
      'plain@names.test': 'Hello Grace Hopper',
      'link@names.test': 'Hello there',
      'domain@names.test': 'Hello there',
      'at@names.test': 'Hello there',
      'markup@names.test': 'Hello there',
      'long@names.test': 'Hello there',
    });
  });

  it('counts a mailbox however it is spelled: 23 spellings (quoted, IDN and punycode, +tags) get one acknowledgement', async () => {
    const key = await acknowledgingKey('Spellings');
    const canonical = 'mailbox@xn--bcher-kva.example';
    await submitTo(key.token, 'Ada', canonical);
    await delivered(key.id, 1);
    const spellings = [
      '"mailbox"@xn--bcher-kva.example',
      'mailbox@bücher.example',
      ...Array.from({ length: 20 }, (_, n) =>
        n % 2 ? `mailbox+${n}@bücher.example` : `MailBox+tag${n}@BÜCHER.example`,
      ),
    ];
    expect(new Set([canonical, ...spellings]).size).toBe(23);
    for (const email of spellings) {
      await submitTo(key.token, 'Ada', email);
    }
    await delivered(key.id, 23);
    // nodemailer writes the envelope's domain in Unicode: every spelling is looked for.
    const everySpelling = [canonical, 'mailbox@bücher.example', ...spellings].map((email) => email.toLowerCase());
    await waitUntil(() => mailTo(everySpelling).length > 0, 'the acknowledgement');
    // The others' rows are deleted as their workers are refused (the refusal is the row's decision).
    await waitUntil(async () => (await ackRows(key.id)) === 1, 'the refused acknowledgements deleted');
    expect(mailTo(everySpelling).map((sent) => sent.to)).toEqual([['mailbox@bücher.example']]);
  });

  it('stops at ACK_MAX_PER_KEY_HOUR acknowledgements per key, whatever the addresses', async () => {
    const key = await acknowledgingKey('Capped');
    const addresses = Array.from({ length: ACK_CAP + 3 }, (_, n) => `cap${n}@capped.test`);
    for (const email of addresses) {
      await submitTo(key.token, 'Ada', email);
    }
    await delivered(key.id, addresses.length);
    await waitUntil(() => mailTo(addresses).length === ACK_CAP, 'the acknowledgements up to the cap');
    // The rows past the cap are deleted as their workers are refused (the refusal is the row's decision).
    await waitUntil(async () => (await ackRows(key.id)) === ACK_CAP, 'the refused acknowledgements deleted');
    expect(mailTo(addresses)).toHaveLength(ACK_CAP);
    // Another key has its own budget.
    const fresh = await acknowledgingKey('Capped, another');
    await submitTo(fresh.token, 'Ada', 'another@capped.test');
    await waitUntil(() => mailTo(['another@capped.test']).length === 1, "the other key's acknowledgement");
  });
});
