import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { SYSTEM_ACTOR } from '../src/audit/actor';
import { CustomerMessages } from '../src/conversations/customer-messages.service';
import { ThreadIds } from '../src/conversations/thread-ids';
import { Transactions } from '../src/database/transactions';
import { RetentionService } from '../src/privacy/retention.service';
import { SubmissionDeletion } from '../src/privacy/submission-deletion.service';
import { JobProducer } from '../src/queue/job-producer';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { SubmissionWorkflowRepository } from '../src/submissions/lifecycle/submission-workflow.repository';
import { ownDatabase } from './support/own-database';
import { queuesSettled } from './support/queues';
import { postInboundMail } from './support/service-calls';
import { SmtpSink } from './support/smtp-sink';
import { changeSubmission, signedInStaff } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

const INBOUND_TOKEN = 'inbound-route-token-merge-0123456789';
const DAY_MS = 86_400_000;

interface Detail {
  id: string;
  status: string;
  version: number;
  tags: string[];
  merged_into_id: string | null;
  merged_into: { id: string; ref: string } | null;
  merged_from: { id: string; ref: string }[];
  notes: { body: string }[];
  timeline: { kind: string; body: string; id?: string; state?: string; attachments?: { name: string }[] }[];
}

/** A raw RFC 5322 message, CRLF line ends. */
function rawMail(headers: Record<string, string>, body: string): Buffer {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}`);
}

/**
 * Merge (issue 42, point 4): everything of the source moves into the target, the source is closed as
 * `merged` with a link both ways, mail that threads to the source arrives in the target (through the
 * inbound route, chains too), and erasure and retention treat the pair as one.
 */
describe('merge: POST /staff/api/submissions/:id/merge', () => {
  const smtp = new SmtpSink();
  const hooks = new WebhookReceiver();
  let t: TestApp;
  let drop: () => Promise<void>;
  let db: DataSource;
  let cookie: string;
  let access: string;
  let otherAccess: string;
  let sent = 0;

  /** A new submission from `email` (its own words each time, so none is held as a duplicate). */
  const submit = async (email: string, token = access) => {
    sent += 1;
    const answer = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Ada Lovelace', email, message: `My engine number ${sent} is stuck` })
      .expect(200);
    return answer.body.id as string;
  };
  const detail = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body as Detail;
  const merge = (id: string, body: object) =>
    t.http().post(`/staff/api/submissions/${id}/merge`).set('Cookie', cookie).send(body);
  const inbound = (raw: Buffer) => postInboundMail(t, INBOUND_TOKEN, raw);
  /** A staff reply on the version staff see now: the stored message's id. */
  const reply = async (id: string, body: string) => {
    const current = await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
    const answer = await t
      .http()
      .post(`/staff/api/submissions/${id}/replies`)
      .set('Cookie', cookie)
      .set('If-Match', current.headers.etag)
      .send({ body })
      .expect(201);
    return answer.body.id as string;
  };
  const messageRow = async (id: string) => {
    const [row] = await db.query<{ submission_id: string; state: string; attempts: number }[]>(
      'SELECT submission_id, state, attempts FROM conversation_messages WHERE id = ?',
      [id],
    );
    return row;
  };
  /** The mail the SMTP server took with this text: its envelope's recipients. */
  const recipientsOf = async (text: string) => {
    for (const mail of smtp.received) {
      if ((await simpleParser(mail.raw)).text?.trim() === text) {
        return mail.to;
      }
    }
    return null;
  };
  const customerBodies = async (id: string) =>
    (await detail(id)).timeline.filter((item) => item.kind === 'customer').map((item) => item.body);
  let mailCount = 0;
  /** Mail from `from` answering by `[#ref]` of `id`. */
  const mailByRef = (from: string, id: string, body: string) => {
    mailCount += 1;
    return inbound(
      rawMail(
        {
          From: from,
          To: 'support@intake.test',
          Subject: `Re: [#${refOf(id)}] engine`,
          'Message-ID': `<m${mailCount}.${Date.now()}@example.com>`,
        },
        body,
      ),
    ).expect(202);
  };

  beforeAll(async () => {
    await smtp.start();
    await hooks.start();
    const database = await ownDatabase();
    drop = database.drop;
    t = await createTestApp({
      DATABASE_URL: database.url,
      ROLE: 'all',
      STAFF_CHANNELS: 'none',
      SMTP_URL: smtp.url,
      REPLY_FROM: 'help@intake.test',
      INBOUND_ADDRESS: 'support@intake.test',
      INBOUND_TOKEN,
      RETENTION_DAYS: '30',
    });
    db = t.app.get(DataSource);
    cookie = (await signedInStaff(t, 'Merge admin', 'admin')).cookie;
    const key = await t.createKey({ rateLimit: 10_000 });
    access = (await issueTokens(t, key.key)).access_token;
    const other = await t.createKey({ rateLimit: 10_000, name: 'Other form' });
    otherAccess = (await issueTokens(t, other.key)).access_token;
    for (const apiKeyId of [key.id, other.id]) {
      await t
        .http()
        .post('/staff/api/webhooks')
        .set('Cookie', cookie)
        .send({ url: hooks.url, api_key_id: apiKeyId, events: ['submission.merged'] })
        .expect(201);
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await hooks.stop();
    await drop();
  });

  it('refuses what is not a merge', async () => {
    const source = await submit('refuse@example.com');
    const spam = await submit('spam@example.com');
    await changeSubmission(t, cookie, spam, { status: 'spam' });
    await merge(source, {}).expect(400, { status: 'error', message: 'Missing field: into' });
    await merge(source, { into: 'nope' }).expect(400, { status: 'error', message: 'Invalid field: into' });
    await merge(source, { into: source }).expect(400, {
      status: 'error',
      message: 'Cannot merge a submission into itself',
    });
    await merge(source, { into: '0190a0a0-0000-7000-8000-000000000000' }).expect(400, {
      status: 'error',
      message: 'Invalid field: into',
    });
    await merge('0190a0a0-0000-7000-8000-000000000000', { into: source }).expect(404);
    await merge(source, { into: spam }).expect(409, { status: 'error', message: 'Cannot merge spam' });
    expect((await detail(source)).status).toBe('new');
  });

  it('moves the timeline, notes, tags and files into the target (across API keys), links both ways and closes the source for good', async () => {
    const source = await submit('ada@example.com');
    const target = await submit('ada.work@example.com', otherAccess);
    await changeSubmission(t, cookie, source, { tags: ['engine', 'VIP'] });
    await changeSubmission(t, cookie, target, { tags: ['vip', 'billing'] });
    await t
      .http()
      .post(`/staff/api/submissions/${source}/notes`)
      .set('Cookie', cookie)
      .send({ body: 'Called her.' })
      .expect(201);
    // The requester's mail to the source, with a file.
    await inbound(
      rawMail(
        {
          From: 'ada@example.com',
          To: 'support@intake.test',
          Subject: `Re: [#${refOf(source)}] engine`,
          'Message-ID': '<with-file@example.com>',
          'MIME-Version': '1.0',
          'Content-Type': 'multipart/mixed; boundary="b1"',
        },
        [
          '--b1',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Here is the drawing.',
          '--b1',
          'Content-Type: application/pdf; name="drawing.pdf"',
          'Content-Disposition: attachment; filename="drawing.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from('%PDF-1.4 drawing').toString('base64'),
          '--b1--',
          '',
        ].join('\n'),
      ),
    ).expect(202);
    hooks.received.length = 0;

    const answer = await merge(source, { into: target }).expect(200);
    const into = answer.body as Detail;
    expect(answer.headers.etag).toBe(`"${into.version}"`);
    expect(into.id).toBe(target);
    expect(into.tags).toEqual(['vip', 'billing', 'engine']);
    expect(into.notes.map((note) => note.body)).toEqual(['Called her.']);
    const moved = into.timeline.find((item) => item.kind === 'customer')!;
    expect(moved.body).toContain('Here is the drawing.');
    expect(moved.attachments?.map((file) => file.name)).toEqual(['drawing.pdf']);
    expect(into.merged_from).toEqual([{ id: source, ref: refOf(source) }]);
    expect(into.merged_into).toBeNull();

    const from = await detail(source);
    expect(from).toMatchObject({
      status: 'merged',
      merged_into_id: target,
      merged_into: { id: target, ref: refOf(target) },
      merged_from: [],
      notes: [],
    });
    expect(from.timeline.filter((item) => item.kind === 'customer')).toEqual([]);

    // Audited on both sides; a webhook for each side, to each side's key.
    const [audit] = await db.query(
      "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'submission.merged' AND target_id IN (?, ?)",
      [source, target],
    );
    expect(Number(audit.n)).toBe(2);
    await waitUntil(() => hooks.received.length >= 2, 'both submission.merged webhooks');
    await queuesSettled(t);
    expect(hooks.received.map((hook) => [hook.body.type, hook.body.data.id]).sort()).toEqual(
      [
        ['submission.merged', source],
        ['submission.merged', target],
      ].sort(),
    );
    expect(hooks.received[0].body.data).toMatchObject({ source_id: source, target_id: target });

    // Merged is for good: no change of it, no status `merged` by hand, no merge of it or into it.
    const etag = `"${from.version}"`;
    await t
      .http()
      .patch(`/staff/api/submissions/${source}`)
      .set('Cookie', cookie)
      .set('If-Match', etag)
      .send({ status: 'open' })
      .expect(409, { status: 'error', message: 'Submission is merged' });
    await t
      .http()
      .patch(`/staff/api/submissions/${target}`)
      .set('Cookie', cookie)
      .set('If-Match', `"${into.version}"`)
      .send({ status: 'merged' })
      .expect(400, { status: 'error', message: 'Invalid field: status' });
    await merge(source, { into: target }).expect(409, { status: 'error', message: 'Submission is merged' });
    const third = await submit('third@example.com');
    await merge(third, { into: source }).expect(409, { status: 'error', message: 'Target is merged' });
    // No longer open work: the counts have it as merged.
    const counts = (await t.http().get('/staff/api/submissions/counts').set('Cookie', cookie).expect(200))
      .body as Record<string, number>;
    expect(counts.merged).toBeGreaterThanOrEqual(1);
  });

  it('refuses a note or a reply on a merged source as it refuses a change (409), and stores nothing of them', async () => {
    const source = await submit('merged.note@example.com');
    const target = await submit('merged.note.target@example.com');
    await merge(source, { into: target }).expect(200);
    const { version } = await detail(source);

    await t
      .http()
      .post(`/staff/api/submissions/${source}/notes`)
      .set('Cookie', cookie)
      .send({ body: 'Too late for this one.' })
      .expect(409, { status: 'error', message: 'Submission is merged' });
    await t
      .http()
      .post(`/staff/api/submissions/${source}/replies`)
      .set('Cookie', cookie)
      .set('If-Match', `"${version}"`)
      .send({ body: 'Too late for this one.' })
      .expect(409, { status: 'error', message: 'Submission is merged' });

    for (const id of [source, target]) {
      const stored = await detail(id);
      expect(stored.notes).toEqual([]);
      expect(stored.timeline.filter((item) => item.body === 'Too late for this one.')).toEqual([]);
    }
    expect((await detail(source)).version).toBe(version);
    const [audit] = await db.query(
      "SELECT COUNT(*) AS n FROM audit_events WHERE action IN ('submission.note_added', 'submission.replied') AND target_id = ?",
      [source],
    );
    expect(Number(audit.n)).toBe(0);
  });

  it('threads mail to the source into the target: by [#ref], by the reply token, and along a chain A into B into C', async () => {
    const a = await submit('chain.a@example.com');
    const b = await submit('chain.b@example.com');
    const c = await submit('chain.c@example.com');
    // A staff reply from A: its Reply-To carries A's token.
    const current = await t.http().get(`/staff/api/submissions/${a}`).set('Cookie', cookie).expect(200);
    await t
      .http()
      .post(`/staff/api/submissions/${a}/replies`)
      .set('Cookie', cookie)
      .set('If-Match', current.headers.etag)
      .send({ body: 'Which engine?' })
      .expect(201);
    await merge(a, { into: b }).expect(200);
    await mailByRef('chain.a@example.com', a, 'By ref, after one merge.');
    expect(await customerBodies(b)).toEqual(['By ref, after one merge.']);

    await merge(b, { into: c }).expect(200);
    await mailByRef('chain.a@example.com', a, 'By ref, along the chain.');
    const replyAddress = t.app.get(ThreadIds).replyAddressOf(a)!;
    await inbound(
      rawMail(
        {
          From: 'chain.a@example.com',
          To: replyAddress,
          Subject: 'Re: Which engine?',
          'Message-ID': '<token-after-merge@example.com>',
        },
        'By the reply token.',
      ),
    ).expect(202, { outcome: 'attached' });
    expect(await customerBodies(c)).toEqual([
      'By ref, after one merge.',
      'By ref, along the chain.',
      'By the reply token.',
    ]);
    expect(await customerBodies(a)).toEqual([]);
    expect(await customerBodies(b)).toEqual([]);
    // The source's requester writing into the target is not "another sender".
    const [row] = await db.query('SELECT from_other FROM conversation_messages WHERE message_id = ?', [
      'token-after-merge@example.com',
    ]);
    expect(Number(row.from_other)).toBe(0);
    expect((await detail(c)).merged_from.map((link) => link.id)).toEqual([b]);
    expect((await detail(b)).merged_from.map((link) => link.id)).toEqual([a]);

    // What A's and B's requesters first wrote is on C's timeline, marked with where it came from (D9).
    const requests = (await detail(c)).timeline.filter((item) => item.kind === 'merged_request');
    const created = async (id: string) =>
      (await db.query<{ created_at: Date }[]>('SELECT created_at FROM submissions WHERE id = ?', [id]))[0].created_at;
    expect(requests).toEqual([
      {
        kind: 'merged_request',
        id: a,
        created_at: (await created(a)).toISOString(),
        body: expect.stringMatching(/^My engine number \d+ is stuck$/),
        author: 'Ada Lovelace',
        from: 'chain.a@example.com',
        merged_from: { id: a, ref: refOf(a) },
      },
      {
        kind: 'merged_request',
        id: b,
        created_at: (await created(b)).toISOString(),
        body: expect.stringMatching(/^My engine number \d+ is stuck$/),
        author: 'Ada Lovelace',
        from: 'chain.b@example.com',
        merged_from: { id: b, ref: refOf(b) },
      },
    ]);
    expect(requests[0].body).not.toBe(requests[1].body);
    // B's timeline had A's request before B went into C; C's own request is still its own.
    expect((await detail(b)).timeline.filter((item) => item.kind === 'merged_request').map((item) => item.id)).toEqual([
      a,
    ]);
    expect((await detail(c)).timeline.filter((item) => item.kind === 'request').map((item) => item.id)).toEqual([c]);
  });

  it("erasing the source's requester erases their words in the target; erasing the target's erases the pair", async () => {
    const source = await submit('erase.source@example.com');
    const target = await submit('erase.target@example.com');
    await mailByRef('erase.source@example.com', source, 'Words of the source.');
    await t
      .http()
      .post(`/staff/api/submissions/${source}/notes`)
      .set('Cookie', cookie)
      .send({ body: 'Source note' })
      .expect(201);
    await merge(source, { into: target }).expect(200);
    await mailByRef('erase.target@example.com', target, 'Words of the target.');
    expect(
      (await detail(target)).timeline.filter((item) => item.kind === 'merged_request').map((item) => item.id),
    ).toEqual([source]);
    // What moved is still the source's requester's: their export has it.
    const exported = await t
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', cookie)
      .send({ email: 'erase.source@example.com' })
      .expect(200);
    const [theirs] = exported.body.submissions as { messages: { body: string }[]; notes: { body: string }[] }[];
    expect(theirs.messages.map((message) => message.body)).toEqual(['Words of the source.']);
    expect(theirs.notes.map((note) => note.body)).toEqual(['Source note']);

    const erased = await t
      .http()
      .post('/staff/api/privacy/erase')
      .set('Cookie', cookie)
      .send({ email: 'erase.source@example.com' })
      .expect(200);
    expect(erased.body.erased).toBe(1);
    await t.http().get(`/staff/api/submissions/${source}`).set('Cookie', cookie).expect(404);
    const after = await detail(target);
    expect(after.timeline.filter((item) => item.kind === 'customer').map((item) => item.body)).toEqual([
      'Words of the target.',
    ]);
    expect(after.notes).toEqual([]);
    expect(after.merged_from).toEqual([]);
    // Their first request went with them.
    expect(after.timeline.filter((item) => item.kind === 'merged_request')).toEqual([]);
    expect(JSON.stringify(after.timeline)).not.toContain('erase.source@example.com');

    const second = await submit('erase.second@example.com');
    await merge(second, { into: target }).expect(200);
    await t
      .http()
      .post('/staff/api/privacy/erase')
      .set('Cookie', cookie)
      .send({ email: 'erase.target@example.com' })
      .expect(200);
    await t.http().get(`/staff/api/submissions/${target}`).set('Cookie', cookie).expect(404);
    // The merged source lives in its target: it goes with it, and no link points at nothing.
    await t.http().get(`/staff/api/submissions/${second}`).set('Cookie', cookie).expect(404);
    const [dangling] = await db.query(
      'SELECT COUNT(*) AS n FROM submissions s LEFT JOIN submissions t ON t.id = s.merged_into_id WHERE s.merged_into_id IS NOT NULL AND t.id IS NULL',
    );
    expect(Number(dangling.n)).toBe(0);
  });

  it("leaves replies not yet sent with the source: sent after the merge, they go to the source's requester", async () => {
    const source = await submit('unsent.source@example.com');
    const target = await submit('unsent.target@example.com');
    // Sent before the merge: it moves with the timeline.
    const sent = await reply(source, 'Sent before the merge.');
    await waitUntil(async () => (await messageRow(sent)).state === 'sent', 'the first reply sent');
    // The SMTP server refuses everything: two replies wait, one to be tried again by the queue, one
    // failed for good (as after its last try: the queue's 30 s backoff is not waited for).
    smtp.rejectNext = 1_000;
    try {
      const queued = await reply(source, 'Queued while the server is busy.');
      const failed = await reply(source, 'Failed while the server was busy.');
      await waitUntil(
        async () => (await messageRow(queued)).attempts >= 1 && (await messageRow(failed)).attempts >= 1,
        'a first failed try of each',
      );
      await db.query("UPDATE conversation_messages SET state = 'failed' WHERE id = ?", [failed]);
      expect((await messageRow(queued)).state).toBe('queued');
      await merge(source, { into: target }).expect(200);

      // The server is back: the queued one's next try (its backoff cut short), the failed one sent again by staff.
      smtp.rejectNext = 0;
      await t.app.get(JobProducer).runAgain('sendMessage', { messageId: queued });
      await t
        .http()
        .post(`/staff/api/messages/${failed}/retry`)
        .set('Cookie', cookie)
        .set('Content-Type', 'application/json')
        .expect(200);
      await waitUntil(
        async () => (await messageRow(queued)).state === 'sent' && (await messageRow(failed)).state === 'sent',
        'both replies sent',
      );
    } finally {
      smtp.rejectNext = 0;
    }
    expect(await recipientsOf('Queued while the server is busy.')).toEqual(['unsent.source@example.com']);
    expect(await recipientsOf('Failed while the server was busy.')).toEqual(['unsent.source@example.com']);
    // They stay in the source's timeline; what was sent before the merge is in the target's.
    const replies = async (id: string) =>
      (await detail(id)).timeline.filter((item) => item.kind === 'reply').map((item) => [item.body, item.state]);
    expect(await replies(source)).toEqual([
      ['Queued while the server is busy.', 'sent'],
      ['Failed while the server was busy.', 'sent'],
    ]);
    expect(await replies(target)).toEqual([['Sent before the merge.', 'sent']]);
  });

  it("stores the source's requester's mail that arrives after the merge as the source's: erasing them leaves none of it in the target", async () => {
    const source = await submit('after.p@example.com');
    const target = await submit('after.q@example.com');
    const question = await reply(source, 'What is the serial number?');
    await waitUntil(async () => (await messageRow(question)).state === 'sent', 'the reply sent');
    await merge(source, { into: target }).expect(200);
    await mailByRef('after.q@example.com', target, 'Q writes to the target.');

    // P writes after the merge: by the source's [#ref], and by the reply token of the source's reply, with a file.
    await mailByRef('after.p@example.com', source, 'P writes by the old ref.');
    await inbound(
      rawMail(
        {
          From: 'after.p@example.com',
          To: t.app.get(ThreadIds).replyAddressOf(source)!,
          Subject: 'Re: What is the serial number?',
          'Message-ID': '<after-merge-token@example.com>',
          'MIME-Version': '1.0',
          'Content-Type': 'multipart/mixed; boundary="b1"',
        },
        [
          '--b1',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'P answers the reply: SN-42.',
          '--b1',
          'Content-Type: application/pdf; name="plate.pdf"',
          'Content-Disposition: attachment; filename="plate.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from('%PDF-1.4 plate').toString('base64'),
          '--b1--',
          '',
        ].join('\n'),
      ),
    ).expect(202, { outcome: 'attached' });
    expect((await customerBodies(target)).sort()).toEqual(
      ['P answers the reply: SN-42.', 'P writes by the old ref.', 'Q writes to the target.'].sort(),
    );
    // P's export has what they wrote after the merge too.
    const exported = await t
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', cookie)
      .send({ email: 'after.p@example.com' })
      .expect(200);
    const [theirs] = exported.body.submissions as { messages: { body: string }[]; attachments: { name: string }[] }[];
    expect(theirs.messages.map((message) => message.body).sort()).toEqual(
      ['P answers the reply: SN-42.', 'P writes by the old ref.', 'What is the serial number?'].sort(),
    );
    expect(theirs.attachments.map((file) => file.name)).toEqual(['plate.pdf']);

    const erased = await t
      .http()
      .post('/staff/api/privacy/erase')
      .set('Cookie', cookie)
      .send({ email: 'after.p@example.com' })
      .expect(200);
    expect(erased.body.erased).toBe(1);
    const after = await detail(target);
    expect(after.timeline.filter((item) => item.kind === 'customer').map((item) => item.body)).toEqual([
      'Q writes to the target.',
    ]);
    expect(after.timeline.flatMap((item) => item.attachments ?? [])).toEqual([]);
    const [left] = await db.query(
      `SELECT (SELECT COUNT(*) FROM conversation_messages WHERE submission_id = ? OR merged_from_id = ? OR message_id = ?) AS messages,
              (SELECT COUNT(*) FROM attachments WHERE submission_id = ? OR merged_from_id = ?) AS files`,
      [source, source, 'after-merge-token@example.com', source, source],
    );
    expect({ messages: Number(left.messages), files: Number(left.files) }).toEqual({ messages: 0, files: 0 });
    const [targetRows] = await db.query('SELECT COUNT(*) AS n FROM conversation_messages WHERE submission_id = ?', [
      target,
    ]);
    expect(Number(targetRows.n)).toBe(1);
    // Q's data is intact.
    const ours = await t
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', cookie)
      .send({ email: 'after.q@example.com' })
      .expect(200);
    expect(
      (ours.body.submissions as { messages: { body: string }[] }[])[0].messages.map((message) => message.body),
    ).toEqual(['Q writes to the target.']);
  });

  it('records mail matched to a submission just before its merge committed on the target, never on the merged source', async () => {
    const source = await submit('late.p@example.com');
    const target = await submit('late.q@example.com');
    await merge(source, { into: target }).expect(200);
    const { version } = await detail(source);

    // As if the matcher had found the source before the merge committed: the write follows the merge.
    const mail = {
      messageId: 'matched-before-merge@example.com',
      fromAddress: 'late.p@example.com',
      fromOther: false,
      automatic: false,
      subject: `Re: [#${refOf(source)}] engine`,
      newText: 'Matched before the merge, written after it.',
      quoted: null,
      files: [],
    };
    const stored = await t.app.get(CustomerMessages).recordCustomerMessage(source, mail);
    expect(stored).toMatchObject({ submissionId: target, mergedFromId: source });
    expect(await customerBodies(target)).toEqual(['Matched before the merge, written after it.']);
    expect(await customerBodies(source)).toEqual([]);
    expect((await detail(source)).version).toBe(version);
    // The same mail again is the one already stored.
    expect(await t.app.get(CustomerMessages).recordCustomerMessage(source, mail)).toBeNull();
    expect(await customerBodies(target)).toHaveLength(1);
    // The guard itself: a merged submission takes no message (the UPDATE matches nothing).
    const repository = t.app.get(SubmissionWorkflowRepository);
    expect(
      await t.app.get(Transactions).run((tx) => repository.advanceForMessage(source, null, { reopenFrom: [] }, tx)),
    ).toBe(false);
    expect((await detail(source)).version).toBe(version);
  });

  it('a merge into a target that commits while the target is being erased goes with it: no source points at nothing', async () => {
    const target = await submit('erase.race.q@example.com');
    const late = await submit('erase.race.late@example.com');
    const deletion = t.app.get(SubmissionDeletion);
    const original = deletion.delete.bind(deletion);
    // The merge commits once the erasure's transaction is open (after its log entry is written).
    const spy = jest.spyOn(deletion, 'delete').mockImplementationOnce((ids, also) =>
      original(ids, async (tx) => {
        await also?.(tx);
        await merge(late, { into: target }).expect(200);
      }),
    );
    try {
      const erased = await t
        .http()
        .post('/staff/api/privacy/erase')
        .set('Cookie', cookie)
        .send({ email: 'erase.race.q@example.com' })
        .expect(200);
      expect(erased.body.erased).toBe(2);
    } finally {
      spy.mockRestore();
    }
    await t.http().get(`/staff/api/submissions/${target}`).set('Cookie', cookie).expect(404);
    await t.http().get(`/staff/api/submissions/${late}`).set('Cookie', cookie).expect(404);
    const [dangling] = await db.query(
      'SELECT COUNT(*) AS n FROM submissions s LEFT JOIN submissions t ON t.id = s.merged_into_id WHERE s.merged_into_id IS NOT NULL AND t.id IS NULL',
    );
    expect(Number(dangling.n)).toBe(0);
  });

  it('retention deletes an old closed target with its merged sources, and never a merged source on its own', async () => {
    const oldTarget = await submit('keep.old@example.com');
    const oldSource = await submit('keep.source@example.com');
    const openTarget = await submit('keep.open@example.com');
    const oldMerged = await submit('keep.merged@example.com');
    await merge(oldSource, { into: oldTarget }).expect(200);
    await merge(oldMerged, { into: openTarget }).expect(200);
    await changeSubmission(t, cookie, oldTarget, { status: 'closed' });
    const old = new Date(Date.now() - 40 * DAY_MS);
    await db.query('UPDATE submissions SET created_at = ? WHERE id IN (?, ?, ?)', [
      old,
      oldTarget,
      oldSource,
      oldMerged,
    ]);

    await t.app.get(RetentionService).run(SYSTEM_ACTOR);
    for (const gone of [oldTarget, oldSource]) {
      await t.http().get(`/staff/api/submissions/${gone}`).set('Cookie', cookie).expect(404);
    }
    // Old and merged, but its target is open work: it stays with it.
    expect((await detail(oldMerged)).merged_into_id).toBe(openTarget);
    expect((await detail(openTarget)).merged_from.map((link) => link.id)).toEqual([oldMerged]);
  });
});
