import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '../src/config/app-config';
import { canonicalMailbox } from '../src/conversations/canonical-mailbox';
import { FieldCipher } from '../src/database/field-cipher';
import { QueueReconciler } from '../src/delivery/queue-reconciler.service';
import { MetricsService } from '../src/metrics/metrics.service';
import { MAIL_QUEUE } from '../src/queue/queue.constants';
import { scriptKey } from '../src/redis/redis-connection';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { queuesSettled } from './support/queues';
import { postInboundMail } from './support/service-calls';
import { SmtpSink } from './support/smtp-sink';
import { changeSubmission, newStaffAccount, staffCookie } from './support/staff';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';

const INBOUND_TOKEN = 'mail-faults-inbound-token-0123456789';

/**
 * Issue 54, point 3: nothing a person should receive is lost on a fault. The requester's
 * acknowledgement and the staff notices (assigned to you, the customer wrote) are faulted at each step
 * of their way, through HTTP, the real database behind a proxy the test cuts, the real Redis (a job
 * it lost) and a real SMTP server; after the queue reconciler has had its passes, each mail has arrived
 * exactly once.
 */
describe('mail to a person on a fault: stored, re-queued, sent once', () => {
  const smtp = new SmtpSink();
  const database = new TcpProxy('127.0.0.1', 3306);
  const redis = new TcpProxy(
    '127.0.0.1',
    Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379),
  );
  let t: TestApp;
  let cookie: string;
  let access: string;
  let keyId: string;
  let agent: { id: string; email: string };
  let mailQueue: Queue;
  let db: DataSource;

  beforeAll(async () => {
    await smtp.start();
    const port = await database.start();
    const url = new URL(process.env.DATABASE_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    redisUrl.hostname = '127.0.0.1';
    redisUrl.port = String(await redis.start());
    t = await createTestApp({
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl.toString(),
      DB_CONNECT_TIMEOUT: '1000',
      ROLE: 'all',
      STAFF_CHANNELS: 'none',
      SMTP_URL: smtp.url,
      REPLY_FROM: 'help@intake.test',
      INBOUND_ADDRESS: 'support@intake.test',
      INBOUND_TOKEN,
      RECONCILE_INTERVAL: '1',
      OUTBOX_RELAY_INTERVAL: '1',
      JOB_BACKOFF_DELAY: '0.2',
    });
    const admin = await newStaffAccount(t, 'Fault admin', 'admin');
    cookie = await staffCookie(t, admin.email);
    agent = await newStaffAccount(t, 'Fault agent');
    const key = await t.createKey({ rateLimit: 10_000 });
    keyId = key.id;
    await t
      .http()
      .patch(`/staff/api/keys/${key.id}`)
      .set('Cookie', cookie)
      .send({ auto_ack: { subject: 'We got it [#{{ref}}]', body: 'Hello {{name}}, your reference is {{ref}}.' } })
      .expect(200);
    access = (await issueTokens(t, key.key)).access_token;
    mailQueue = t.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    db = t.app.get(DataSource);
  });
  afterEach(async () => {
    smtp.beforeAccepting = undefined;
    await mailQueue.resume();
  });
  afterAll(async () => {
    await t.close();
    await database.stop();
    await redis.stop();
    await smtp.stop();
  });

  /** A new submission from a new address; answers its id and the address. */
  const submit = async () => {
    const email = `requester.${randomBytes(4).toString('hex')}@example.com`;
    const response = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${access}`)
      .send({ name: 'Grace', email, message: 'Please acknowledge me' })
      .expect(200);
    return { id: response.body.id as string, email };
  };
  const mailTo = (address: string, subject: string) =>
    smtp.received.filter((mail) => mail.to.includes(address) && mail.raw.includes(`Subject: ${subject}`));
  const assign = (id: string) => changeSubmission(t, cookie, id, { assignee_id: agent.id });

  /**
   * What "exactly once" waits for: the mail, then two reconciler passes run now (a job that exists,
   * completed or not, is never added twice), then nothing waiting, running, or waiting to try again.
   */
  async function expectSentOnce(address: string, subject: string): Promise<void> {
    await waitUntil(() => mailTo(address, subject).length > 0, `"${subject}" to its recipient`, 45_000);
    const reconciler = t.app.get(QueueReconciler);
    await reconciler.reconcileOnce();
    await reconciler.reconcileOnce();
    await queuesSettled(t);
    expect(await mailQueue.getJobCounts('delayed', 'failed')).toEqual({ delayed: 0, failed: 0 });
    expect(mailTo(address, subject)).toHaveLength(1);
  }

  /**
   * Lets `work` queue its mail while the mail queue is paused, then removes the job (Redis lost it) and
   * resumes. `jobIdOf` answers the job's id once the change has committed (the catalogue's ids).
   */
  async function loseMailJob(work: () => Promise<void>, jobIdOf: () => Promise<string | undefined>): Promise<void> {
    await mailQueue.pause();
    await work();
    let jobId: string | undefined;
    await waitUntil(async () => {
      jobId = await jobIdOf();
      return jobId !== undefined && (await mailQueue.getJobState(jobId)) === 'waiting';
    }, 'the mail job waiting');
    expect(await mailQueue.remove(jobId!)).toBe(1);
    await mailQueue.resume();
  }
  const firstIdOf = async (sql: string, parameters: unknown[]) =>
    (await db.query<{ id: string }[]>(sql, parameters))[0]?.id;

  /**
   * From the next mail the SMTP server takes for `address`: the database is cut before it answers 250,
   * and back a second later. Resolves once it is back.
   */
  function cutDatabaseWhenMailed(address: string): Promise<void> {
    return new Promise((resolve, reject) => {
      smtp.beforeAccepting = async (mail) => {
        if (!mail.to.includes(address)) {
          return;
        }
        smtp.beforeAccepting = undefined;
        await database.cut();
        // The outage's length: the sender must meet it while it marks the mail sent.
        setTimeout(() => void database.restore().then(resolve, reject), 1000);
      };
    });
  }

  describe("the requester's acknowledgement", () => {
    it('a database fault as the first attempt is counted rolls both back: the retry acknowledges, once', async () => {
      // Before issue 54 the attempt committed alone, the acknowledgement failed beside it, and the retry
      // (attempt 1) never acknowledged: no mail at all.
      const held = database.holdRepliesAfter('UPDATE `submissions`');
      const { id, email } = await submit();
      await held;
      await database.cut();
      await database.restore();
      await expectSentOnce(email, `We got it [#${refOf(id)}]`);
    }, 90_000);

    it('a job Redis lost once its row committed is added again by the reconciler, and sent once', async () => {
      let email = '';
      let id = '';
      await loseMailJob(
        async () => {
          ({ id, email } = await submit());
        },
        () => Promise.resolve(id && `message-${id}`),
      );
      await expectSentOnce(email, `We got it [#${refOf(id)}]`);
      const [row] = await db.query<{ state: string }[]>('SELECT state FROM conversation_messages WHERE id = ?', [id]);
      expect(row.state).toBe('sent');
    }, 90_000);

    /** Acknowledgements whose limits could not be taken because Redis was away (`acks_refused_total`). */
    const unavailableRefusals = async (): Promise<number> => {
      const counter = t.app.get(MetricsService).registry.getSingleMetric('acks_refused_total');
      const values = (await counter?.get())?.values ?? [];
      return values.find((value) => value.labels.reason === 'unavailable')?.value ?? 0;
    };

    it('Redis away as its worker takes the hourly limits: it waits, queued, and goes once Redis is back', async () => {
      // Before issue 54 the delivery took the limits and, Redis away, dropped the acknowledgement for good.
      const refusedBefore = await unavailableRefusals();
      const held = redis.holdRepliesAfter(':ack:{');
      const { id, email } = await submit();
      await held;
      await redis.cut();
      // Until the take has failed (counted as `unavailable`), so the worker met Redis away rather than waited.
      await waitUntil(
        async () => (await unavailableRefusals()) > refusedBefore,
        'the limits refused while Redis is away',
      );
      await redis.restore();
      await expectSentOnce(email, `We got it [#${refOf(id)}]`);
    }, 90_000);

    it("one the previous release stored, having taken the limits (its mark '1'), is sent once, and the mailbox's next one is not", async () => {
      // A rolling upgrade: the previous release took the limits in the delivery, then stored the row;
      // this release's worker sends the row and must not find its own mailbox mark refusing it.
      const email = `requester.${randomBytes(4).toString('hex')}@example.com`;
      const mailbox = t.app.get(FieldCipher).emailHash(canonicalMailbox(email));
      const outside = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      try {
        const prefix = `${t.app.get(AppConfig).redis.prefix}:ack`;
        await outside.set(scriptKey(prefix, keyId, `to:${mailbox}`), '1', 'PX', 3_600_000);
      } finally {
        outside.disconnect();
      }
      const send = async () =>
        (
          await t
            .http()
            .post('/contact_api.php')
            .set('Authorization', `Bearer ${access}`)
            .send({ name: 'Grace', email, message: 'Please acknowledge me' })
            .expect(200)
        ).body.id as string;
      const first = await send();
      await expectSentOnce(email, `We got it [#${refOf(first)}]`);
      const second = await send();
      await waitUntil(
        async () =>
          (await db.query('SELECT id FROM conversation_messages WHERE id = ?', [second])).length === 0 &&
          (await db.query<{ state: string }[]>('SELECT state FROM submissions WHERE id = ?', [second]))[0].state ===
            'delivered',
        'the second one delivered and its acknowledgement refused',
      );
      await queuesSettled(t);
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    }, 90_000);

    it('a database away when the SMTP server took it is met by the mark asking again: not sent twice', async () => {
      // Before issue 54 the failed mark failed the job, whose retry sent the mail again.
      const requester = `requester.${randomBytes(4).toString('hex')}@example.com`;
      const restored = cutDatabaseWhenMailed(requester);
      const response = await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${access}`)
        .send({ name: 'Grace', email: requester, message: 'Please acknowledge me' })
        .expect(200);
      const id = response.body.id as string;
      await restored;
      await expectSentOnce(requester, `We got it [#${refOf(id)}]`);
      await waitUntil(async () => (await mailQueue.getJobState(`message-${id}`)) === 'completed', 'the job completed');
      const [row] = await db.query<{ state: string }[]>('SELECT state FROM conversation_messages WHERE id = ?', [id]);
      expect(row.state).toBe('sent');
    }, 90_000);
  });

  describe('the staff notices', () => {
    it('an assignment the database refused sends nothing; the assignment made again sends one notice', async () => {
      const { id, email } = await submit();
      await expectSentOnce(email, `We got it [#${refOf(id)}]`);
      const current = await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
      const held = database.holdRepliesAfter('INSERT INTO `staff_notices`');
      const refused = t
        .http()
        .patch(`/staff/api/submissions/${id}`)
        .set('Cookie', cookie)
        .set('If-Match', current.headers.etag)
        .send({ assignee_id: agent.id })
        // Sent now (supertest sends on then), answered once the database is cut.
        .then((response) => response);
      await held;
      await database.cut();
      expect((await refused).status).toBe(503);
      await database.restore();
      await waitUntil(
        async () => (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie)).status === 200,
        'the database back',
      );
      await assign(id);
      await expectSentOnce(agent.email, `Assigned to you: [#${refOf(id)}]`);
    }, 90_000);

    it('an assignment whose job Redis lost is told by the reconciler, once', async () => {
      // Before issue 54 the notice had no row: a job lost after the commit was a notice lost.
      const { id } = await submit();
      await loseMailJob(
        () => assign(id).then(() => undefined),
        async () => {
          const eventId = await firstIdOf(
            "SELECT id FROM audit_events WHERE target_id = ? AND action = 'submission.assigned' ORDER BY id DESC",
            [id],
          );
          return eventId && `assigned-${eventId}`;
        },
      );
      await expectSentOnce(agent.email, `Assigned to you: [#${refOf(id)}]`);
    }, 90_000);

    it("a customer's message whose notice job Redis lost is told to the assignee by the reconciler, once", async () => {
      const { id, email } = await submit();
      await assign(id);
      await expectSentOnce(agent.email, `Assigned to you: [#${refOf(id)}]`);
      await loseMailJob(
        async () => {
          const raw = [
            `From: Grace <${email}>`,
            'To: support@intake.test',
            `Subject: Re: my request [#${refOf(id)}]`,
            `Message-ID: <fault-${randomBytes(4).toString('hex')}@example.com>`,
            '',
            'Any news?',
          ].join('\r\n');
          expect((await postInboundMail(t, INBOUND_TOKEN, Buffer.from(raw)).expect(202)).body).toEqual({
            outcome: 'attached',
          });
        },
        async () => {
          const messageId = await firstIdOf(
            "SELECT id FROM conversation_messages WHERE submission_id = ? AND kind = 'customer'",
            [id],
          );
          return messageId && `notify-${messageId}`;
        },
      );
      await expectSentOnce(agent.email, `New message on [#${refOf(id)}]`);
    }, 90_000);

    it('a database away when the SMTP server took a notice does not send it twice', async () => {
      const { id } = await submit();
      const restored = cutDatabaseWhenMailed(agent.email);
      await assign(id);
      await restored;
      await expectSentOnce(agent.email, `Assigned to you: [#${refOf(id)}]`);
      const [row] = await db.query<{ state: string }[]>(
        "SELECT state FROM staff_notices WHERE submission_id = ? AND kind = 'assignment'",
        [id],
      );
      expect(row.state).toBe('sent');
    }, 90_000);
  });
});
