import { getQueueToken } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { SUBMISSIONS_QUEUE, WEBHOOKS_QUEUE } from '../src/queue/queue.constants';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { ownDatabase } from './support/own-database';
import { queuesSettled } from './support/queues';
import { postInboundMail } from './support/service-calls';
import { signedInStaff } from './support/staff';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitFor, waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * A database fault injected in the test's own database: every INSERT into `table` whose row meets
 * `condition` is refused, until the trigger (answered) is dropped.
 */
async function failInserts(dataSource: DataSource, table: string, condition: string): Promise<string> {
  const trigger = `fail_${table}_${Date.now().toString(36)}`;
  await dataSource.query(
    `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW
     IF ${condition} THEN
       SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected fault';
     END IF`,
  );
  return trigger;
}

interface Delivery {
  id: string;
  destination_id: string;
  event: string;
  status: string;
}

/**
 * The jobs layer seen from outside: one accepted replay of many, no job left pointing at an erased
 * row, a staff change and its audit event committed together, and a redelivery after the completed
 * job is gone sending exactly once more.
 */
describe('the jobs layer', () => {
  let database: { url: string; drop: () => Promise<void> };
  const receivers: WebhookReceiver[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    // A database of its own: the destinations added here must not reach other files' submissions.
    database = await ownDatabase();
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    for (const receiver of receivers) {
      await receiver.stop();
    }
    await database.drop();
  });

  async function appWith(overrides: Record<string, string> = {}): Promise<TestApp> {
    const app = await createTestApp({
      DATABASE_URL: database.url,
      ROLE: 'all',
      STAFF_CHANNELS: 'webhooks',
      WEBHOOK_RETRY_SCHEDULE: '3600',
      WEBHOOK_TIMEOUT: '2',
      ...overrides,
    });
    apps.push(app);
    return app;
  }

  async function receiver(): Promise<WebhookReceiver> {
    const started = new WebhookReceiver();
    await started.start();
    receivers.push(started);
    return started;
  }

  async function setUp(t: TestApp, events = ['submission.received']) {
    const { cookie } = await signedInStaff(t, 'Jobs admin', 'admin');
    const { id: keyId, key } = await t.createKey({ rateLimit: 10_000 });
    const { access_token } = await issueTokens(t, key);
    const hook = await receiver();
    const destination = (
      await t
        .http()
        .post('/staff/api/webhooks')
        .set('Cookie', cookie)
        .send({ url: hook.url, api_key_id: keyId, events })
        .expect(201)
    ).body as { id: string };
    const submit = async (email = 'someone@example.com') =>
      (
        await t
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ name: 'Jobs visitor', email, message: 'Hello' })
          .expect(200)
      ).body.id as string;
    const deliveriesOf = async (submissionId: string): Promise<Delivery[]> =>
      (
        await t.http().get(`/staff/api/submissions/${submissionId}`).set('Cookie', cookie).expect(200)
      ).body.webhooks.filter((delivery: Delivery) => delivery.destination_id === destination.id);
    return { cookie, hook, submit, deliveriesOf };
  }

  it('accepts exactly one of five concurrent replays of a delivered delivery (202) and sends it once; the others 409', async () => {
    const t = await appWith();
    const { cookie, hook, submit, deliveriesOf } = await setUp(t);
    const id = await submit();
    const [delivered] = await waitFor(
      () => deliveriesOf(id),
      ([delivery]) => delivery?.status === 'delivered',
    );
    expect(hook.successes().get(id)).toBe(1);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t
          .http()
          .post(`/staff/api/deliveries/${delivered.id}/replay`)
          .set('Cookie', cookie)
          .set('Content-Type', 'application/json'),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409, 409]);
    await waitFor(
      () => deliveriesOf(id),
      ([delivery]) => delivery.status === 'delivered' && hook.successes().get(id) === 2,
    );
    await queuesSettled(t);
    expect(hook.successes().get(id)).toBe(2);
  });

  it('erasing a submission removes every job that points at it: status_changed deliveries, resends and replays', async () => {
    const t = await appWith();
    const { cookie, hook, submit, deliveriesOf } = await setUp(t, ['submission.received', 'submission.status_changed']);
    const email = 'erase.jobs@example.com';
    const id = await submit(email);
    await waitFor(
      () => deliveriesOf(id),
      (deliveries) => deliveries.length === 1 && deliveries[0].status === 'delivered',
    );
    const version = () =>
      t
        .http()
        .get(`/staff/api/submissions/${id}`)
        .set('Cookie', cookie)
        .then((response) => response.headers.etag);
    await t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', cookie)
      .set('If-Match', await version())
      .send({ status: 'open' })
      .expect(200);
    const settled = await waitFor(
      () => deliveriesOf(id),
      (deliveries) => deliveries.length === 2 && deliveries.every((delivery) => delivery.status === 'delivered'),
    );

    // From here on the receiver is down for an hour: every new attempt leaves a job behind.
    hook.respond = () => ({ status: 503, headers: { 'Retry-After': '3600' } });
    const statusChanged = settled.find((delivery) => delivery.event === 'submission.status_changed')!;
    await t
      .http()
      .post(`/staff/api/deliveries/${statusChanged.id}/replay`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .expect(202);
    await t
      .http()
      .post(`/staff/api/submissions/${id}/redeliver`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .expect(202);
    await t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', cookie)
      .set('If-Match', await version())
      .send({ status: 'closed' })
      .expect(200);
    const queues = [SUBMISSIONS_QUEUE, WEBHOOKS_QUEUE].map((name) => t.app.get<Queue>(getQueueToken(name)));
    const jobsOf = async (): Promise<Job[]> =>
      (
        await Promise.all(
          queues.map((queue) => queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'])),
        )
      )
        .flat()
        .filter((job) => job && (job.data as { submissionId?: string }).submissionId === id);
    // Jobs of three deliveries (received resent, status_changed replayed, the new status_changed) and
    // of the submission itself.
    await waitUntil(async () => (await jobsOf()).filter((job) => job.queueName === WEBHOOKS_QUEUE).length >= 3, 'jobs');
    await waitUntil(() => hook.received.length >= 5, 'the attempts after the receiver went down');

    await t.http().post('/staff/api/privacy/erase').set('Cookie', cookie).send({ email }).expect(200, { erased: 1 });
    const left = await jobsOf();
    expect(left.map((job) => `${job.queueName} ${job.id}`)).toEqual([]);
  });

  it('commits a status change with its audit event and webhook deliveries, or none of them', async () => {
    const t = await appWith();
    const { cookie, submit, deliveriesOf } = await setUp(t, ['submission.received', 'submission.status_changed']);
    const id = await submit();
    await waitFor(
      () => deliveriesOf(id),
      ([delivery]) => delivery?.status === 'delivered',
    );
    const dataSource = t.app.get(DataSource);
    // The crash: the audit event of this submission's change cannot be written.
    const trigger = await failInserts(
      dataSource,
      'audit_events',
      `NEW.target_id = '${id}' AND NEW.action = 'submission.status_changed'`,
    );
    try {
      const etag = (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie)).headers.etag;
      const answer = await t
        .http()
        .patch(`/staff/api/submissions/${id}`)
        .set('Cookie', cookie)
        .set('If-Match', etag)
        .send({ status: 'closed' });
      expect(answer.status).toBe(500);
    } finally {
      await dataSource.query(`DROP TRIGGER ${trigger}`);
    }
    const [row] = await dataSource.query('SELECT status, closed_at, version FROM submissions WHERE id = ?', [id]);
    expect(row).toMatchObject({ status: 'new', closed_at: null });
    const events = await dataSource.query(
      "SELECT COUNT(*) AS n FROM audit_events WHERE target_id = ? AND action = 'submission.status_changed'",
      [id],
    );
    expect(Number(events[0].n)).toBe(0);
    expect((await deliveriesOf(id)).map((delivery) => delivery.event)).toEqual(['submission.received']);
  });

  it('never loses the message_received webhook the database refuses: no 2xx without it, and in the end one message and one webhook', async () => {
    const token = 'jobs-layer-inbound-token-0123456789';
    const t = await appWith({ INBOUND_TOKEN: token, INBOUND_ADDRESS: 'support@intake.test' });
    const { cookie, hook, submit } = await setUp(t, ['submission.message_received']);
    const email = 'fault.message@example.com';
    const id = await submit(email);
    const mail = Buffer.from(
      [
        `From: Fault Visitor <${email}>`,
        'To: support@intake.test',
        `Subject: Re: [#${refOf(id)}]`,
        'Message-ID: <fault-answer-1@example.com>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Here is what you asked for.',
      ].join('\r\n'),
    );
    const dataSource = t.app.get(DataSource);
    // The fault: the delivery row of this submission's message_received cannot be written.
    const trigger = await failInserts(
      dataSource,
      'webhook_deliveries',
      `NEW.submission_id = '${id}' AND NEW.event_type = 'submission.message_received'`,
    );
    let first: number;
    try {
      first = (await postInboundMail(t, token, mail)).status;
    } finally {
      await dataSource.query(`DROP TRIGGER ${trigger}`);
    }
    const customerMessages = async () =>
      (
        (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body.timeline as {
          kind: string;
        }[]
      ).filter((item) => item.kind === 'customer');
    if (first < 200 || first >= 300) {
      // Refused: nothing of it is stored, so the provider's retry is taken as new.
      expect(await customerMessages()).toEqual([]);
      expect((await postInboundMail(t, token, mail).expect(202)).body).toEqual({ outcome: 'attached' });
    }
    const messageReceived = () =>
      hook.received.filter(
        (delivery) =>
          delivery.body.type === 'submission.message_received' && delivery.body.data.id === id && delivery.status < 300,
      );
    await waitUntil(() => messageReceived().length >= 1, 'the message_received webhook');
    await queuesSettled(t);
    expect(messageReceived().length).toBe(1);
    expect((await customerMessages()).length).toBe(1);
  });

  it('redelivers a submission whose completed job is gone, with the worker restarted in between, exactly once more', async () => {
    const prefix = uniquePrefix();
    const first = await appWith({ REDIS_PREFIX: prefix });
    const { cookie, hook, submit, deliveriesOf } = await setUp(first);
    const id = await submit();
    await waitFor(
      () => deliveriesOf(id),
      ([delivery]) => delivery?.status === 'delivered',
    );
    const queue = first.app.get<Queue>(getQueueToken(SUBMISSIONS_QUEUE));
    await waitUntil(async () => (await queue.getJobState(id)) === 'completed', 'the completed job');
    // Past its retention: BullMQ has dropped the completed job.
    expect(await queue.remove(id)).toBe(1);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await appWith({ REDIS_PREFIX: prefix });
    await second
      .http()
      .post(`/staff/api/submissions/${id}/redeliver`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .expect(202);
    await waitUntil(() => hook.successes().get(id) === 2, 'the redelivery');
    await queuesSettled(second);
    expect(hook.successes().get(id)).toBe(2);
  });
});
