import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QueueReconciler } from '../src/delivery/queue-reconciler.service';
import { SUBMISSIONS_QUEUE, WEBHOOKS_QUEUE } from '../src/queue/queue.constants';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { queuesSettled } from './support/queues';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Redis acknowledges a job before its replica has it, so a failover (or a restart of a Redis that keeps
 * nothing) can lose a job whose submission the database already calls `queued`. Here the loss is made
 * by hand: the job is removed behind the service's back.
 */
describe('jobs that Redis lost', () => {
  const receiver = new WebhookReceiver();
  const apps: TestApp[] = [];
  let prefix: string;
  const start = async (overrides: Record<string, string>) => {
    const t = await createTestApp({
      REDIS_PREFIX: prefix,
      STAFF_WEBHOOK_URL: receiver.url,
      OUTBOX_RELAY_INTERVAL: '1',
      RECONCILE_INTERVAL: '1',
      ...overrides,
    });
    apps.push(t);
    return t;
  };
  beforeAll(async () => {
    await receiver.start();
    prefix = uniquePrefix();
  });
  afterAll(async () => {
    for (const t of apps) {
      await t.close();
    }
    await receiver.stop();
  });

  it('are added again by the worker, for a queued submission and a pending webhook delivery, and nothing is doubled', async () => {
    const api = await start({ ROLE: 'api' });
    const { key } = await api.createKey({ rateLimit: 1000 });
    const { access_token } = await issueTokens(api, key);
    const submit = async (name: string) =>
      (
        await api
          .http()
          .post('/contact_api.php')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ name })
          .expect(200)
      ).body.id as string;
    const [lost, kept] = [await submit('Lost Job'), await submit('Kept Job')];
    const db = api.app.get(DataSource);
    const submissionsQueue = api.app.get<Queue>(getQueueToken(SUBMISSIONS_QUEUE));
    await waitUntil(
      async () =>
        (
          await db.query<{ n: string }[]>(
            "SELECT COUNT(*) AS n FROM submissions WHERE id IN (?) AND state = 'queued'",
            [[lost, kept]],
          )
        )[0].n === '2',
      'both queued',
    );
    expect(await submissionsQueue.remove(lost)).toBe(1);

    // A webhook delivery whose job is gone too: the row says pending, Redis has nothing.
    await db.query(
      `INSERT INTO webhook_deliveries (id, submission_id, destination_id, event_type, event_key, status, attempts, created_at)
       VALUES (UUID(), ?, 'config', 'submission.status_changed', 'lost-event', 'pending', 0, NOW(3) - INTERVAL 1 MINUTE)`,
      [kept],
    );

    const worker = await start({ ROLE: 'worker' });
    await waitUntil(
      () => receiver.successes().get(lost) === 1 && receiver.successes().get(kept) === 1,
      'both submissions delivered',
      45_000,
    );
    await waitUntil(
      () => receiver.received.some((delivery) => delivery.body.type === 'submission.status_changed'),
      'the lost webhook delivery sent',
      45_000,
    );
    // Two more passes, run now rather than waited for: jobs that exist (completed ones included) are
    // never added twice, so nothing more is sent once the queues settle.
    const reconciler = worker.app.get(QueueReconciler);
    await reconciler.reconcileOnce();
    await reconciler.reconcileOnce();
    await queuesSettled(worker);
    expect(receiver.successes().get(lost)).toBe(1);
    expect(receiver.successes().get(kept)).toBe(1);
    const webhooksQueue = api.app.get<Queue>(getQueueToken(WEBHOOKS_QUEUE));
    expect(await webhooksQueue.getJobState(`${kept}-config-lost-event`)).toBe('completed');
  }, 120_000);
});
