import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { liveChannel } from '../src/live/live-event';
import { MetricsService } from '../src/metrics/metrics.service';
import { SLA_QUEUE } from '../src/queue/queue.constants';
import type { BusinessHours } from '../src/service-levels/business-calendar';
import { SlaPoliciesRepository } from '../src/service-levels/sla-policies.repository';
import { SlaPolicyCache } from '../src/service-levels/sla-policy-cache';
import { SlaSweep } from '../src/service-levels/sla-sweep.service';
import { ownDatabase } from './support/own-database';
import { queuesSettled } from './support/queues';
import { createWorkerContext, RoomContext } from './support/room-context';
import { newStaffAccount, signedInStaff, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

interface Sla {
  policy_id: string;
  first_response_due_at: string | null;
  resolution_due_at: string | null;
  first_response_breached_at: string | null;
  resolution_breached_at: string | null;
  due_at: string | null;
  breached: boolean;
  resolution_paused: boolean;
}
interface Item {
  id: string;
  version: number;
  status: string;
  sla: Sla | null;
}

const MINUTE = 60_000;
/** Before every date the cases below travel to. */
const EARLIEST = new Date('2026-10-01T00:00:00Z');
const BERLIN_OFFICE = {
  time_zone: 'Europe/Berlin',
  week: {
    mon: [['09:00', '17:00']],
    tue: [['09:00', '17:00']],
    wed: [['09:00', '17:00']],
    thu: [['09:00', '17:00']],
    fri: [['09:00', '17:00']],
  },
  holidays: ['2026-12-25'],
};

/**
 * Service levels (issue 41, points 1-3 and 7) through HTTP, on a database of the file's own (policies
 * apply to every submission of a database, so they must not reach other files'), with the app's clock
 * set to the calendar dates each case needs. Expected due times are worked out by hand in comments.
 */
describe('service levels: SLA policies, due times, breaches', () => {
  let t: TestApp;
  let database: { url: string; drop: () => Promise<void> };
  let admin: string;
  let agent: string;
  let token: string;
  let keyId: string;
  let clientKey: string;
  const emails: { admin: string; agent: string } = { admin: '', agent: '' };
  const policies: string[] = [];

  /**
   * Sets the app's clock to `at` (standing still) and signs in again there: sessions are checked against
   * the app's time, so those made a month away would have ended. The accounts are made at EARLIEST, before
   * every date the cases travel to (a session older than its account's password does not count).
   */
  const travelTo = async (at: Date) => {
    t.clock.setTo(at, { frozen: true });
    admin = await staffCookie(t, emails.admin);
    agent = await staffCookie(t, emails.agent);
    token = (await issueTokens(t, clientKey)).access_token;
  };

  let sent = 0;
  // Each message its own, or the spam filter would hold back the second as a duplicate (spam has no SLA).
  const submit = async (): Promise<string> =>
    (
      await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Ada', message: `Request number ${(sent += 1)}` })
        .expect(200)
    ).body.id as string;
  const detail = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', agent).expect(200)).body as Item & {
      events: { action: string; after: Record<string, unknown> | null }[];
    };
  const patch = async (id: string, body: object) => {
    const current = await detail(id);
    return (
      await t
        .http()
        .patch(`/staff/api/submissions/${id}`)
        .set('Cookie', agent)
        .set('If-Match', `"${current.version}"`)
        .send(body)
        .expect(200)
    ).body as Item;
  };
  const addPolicy = async (body: object): Promise<string> => {
    const response = await t.http().post('/staff/api/sla-policies').set('Cookie', admin).send(body).expect(201);
    policies.push(response.body.id as string);
    return response.body.id as string;
  };
  /** Deletes every policy this file made, so each case starts with none. */
  const removePolicies = async () => {
    for (const id of policies.splice(0)) {
      const response = await t
        .http()
        .delete(`/staff/api/sla-policies/${id}`)
        .set('Cookie', admin)
        .set('Content-Type', 'application/json');
      expect([response.status, response.body]).toEqual([204, {}]);
    }
  };
  beforeAll(async () => {
    database = await ownDatabase();
    t = await createTestApp({ DATABASE_URL: database.url });
    t.clock.setTo(EARLIEST, { frozen: true });
    emails.admin = (await newStaffAccount(t, 'SLA Admin', 'admin')).email;
    emails.agent = (await newStaffAccount(t, 'SLA Agent')).email;
    const key = await t.createKey({ rateLimit: 10_000 });
    keyId = key.id;
    clientKey = key.key;
    await travelTo(EARLIEST);
  });
  afterEach(async () => {
    await travelTo(EARLIEST);
    await removePolicies();
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('lets admins write policies, agents read them, refuses what is not a policy, and audits each change', async () => {
    const body = {
      name: 'Office hours',
      position: 10,
      first_response_minutes: 60,
      resolution_minutes: 480,
      business_hours: BERLIN_OFFICE,
      applies_to: { api_key_ids: [keyId.toUpperCase()], priorities: ['high', 'urgent'] },
    };
    await t.http().post('/staff/api/sla-policies').set('Cookie', agent).send(body).expect(403);
    const id = await addPolicy(body);
    const listed = (await t.http().get('/staff/api/sla-policies').set('Cookie', agent).expect(200)).body;
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        name: 'Office hours',
        position: 10,
        business_hours: BERLIN_OFFICE,
        applies_to: { api_key_ids: [keyId], priorities: ['high', 'urgent'] },
      }),
    ]);

    const refused = async (change: object, message: string) => {
      const response = await t
        .http()
        .post('/staff/api/sla-policies')
        .set('Cookie', admin)
        .send({ ...body, name: 'Other', ...change })
        .expect(400);
      expect(response.body.message).toBe(message);
    };
    await refused({ business_hours: { ...BERLIN_OFFICE, time_zone: 'Mars/Olympus' } }, 'Invalid field: business_hours');
    await refused(
      {
        business_hours: {
          ...BERLIN_OFFICE,
          week: {
            mon: [
              ['09:00', '13:00'],
              ['12:00', '17:00'],
            ],
          },
        },
      },
      'Invalid field: business_hours',
    );
    await refused({ business_hours: { ...BERLIN_OFFICE, holidays: ['2026-02-30'] } }, 'Invalid field: business_hours');
    await refused({ applies_to: { colours: ['red'] } }, 'Invalid field: applies_to');
    await refused({ applies_to: { priorities: ['asap'] } }, 'Invalid field: applies_to');
    await refused({ first_response_minutes: 0 }, 'Invalid field: first_response_minutes');
    await refused({ resolution_minutes: 1.5 }, 'Invalid field: resolution_minutes');
    await refused(
      { first_response_minutes: null, resolution_minutes: null },
      'Invalid field: first_response_minutes (a policy sets first_response_minutes, resolution_minutes or both)',
    );
    await refused({ speed: 'fast' }, 'Unknown field: speed');
    await t
      .http()
      .post('/staff/api/sla-policies')
      .set('Cookie', admin)
      .send({ ...body, name: 'office HOURS' })
      .expect(409);

    const changed = await t
      .http()
      .patch(`/staff/api/sla-policies/${id}`)
      .set('Cookie', admin)
      .send({ first_response_minutes: 30, business_hours: null })
      .expect(200);
    expect(changed.body).toMatchObject({ first_response_minutes: 30, resolution_minutes: 480, business_hours: null });
    await t.http().patch(`/staff/api/sla-policies/${id}`).set('Cookie', agent).send({ position: 1 }).expect(403);

    const audit = (await t.http().get(`/staff/api/audit?target=${id}`).set('Cookie', admin).expect(200)).body.items as {
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    expect(audit.map((event) => event.action).sort()).toEqual(['sla_policy.created', 'sla_policy.updated']);
    expect(audit.find((event) => event.action === 'sla_policy.updated')).toMatchObject({
      before: { first_response_minutes: 60 },
      after: { first_response_minutes: 30, business_hours: null },
    });
  });

  it('counts business minutes in the policy time zone across a weekend, a holiday and a daylight-saving change', async () => {
    await addPolicy({
      name: 'Office',
      position: 1,
      first_response_minutes: 60,
      resolution_minutes: 480,
      business_hours: BERLIN_OFFICE,
    });

    // Friday 2026-12-18 16:30 in Berlin (CET, UTC+1) is 15:30Z. First response: 30 minutes until 17:00,
    // then the weekend, then 30 minutes from Monday 09:00: Monday 09:30 CET = 08:30Z. Resolution (480):
    // 30 on Friday, 450 from Monday 09:00 = Monday 16:30 CET = 15:30Z.
    await travelTo(new Date('2026-12-18T15:30:00Z'));
    const friday = (await detail(await submit())).sla;
    expect(friday).toMatchObject({
      first_response_due_at: '2026-12-21T08:30:00.000Z',
      resolution_due_at: '2026-12-21T15:30:00.000Z',
      due_at: '2026-12-21T08:30:00.000Z',
      breached: false,
    });

    // Thursday 2026-12-24 16:30 CET = 15:30Z: 30 minutes that day, Friday the 25th is a holiday, then
    // the weekend: Monday the 28th 09:30 CET = 08:30Z.
    await travelTo(new Date('2026-12-24T15:30:00Z'));
    expect((await detail(await submit())).sla?.first_response_due_at).toBe('2026-12-28T08:30:00.000Z');

    // Friday 2026-10-23 16:30 in Berlin is still summer time (CEST, UTC+2): 14:30Z. Clocks go back on
    // Sunday the 25th, so Monday 09:30 is CET (UTC+1): 08:30Z, not 07:30Z.
    await travelTo(new Date('2026-10-23T14:30:00Z'));
    expect((await detail(await submit())).sla?.first_response_due_at).toBe('2026-10-26T08:30:00.000Z');
  });

  it('does not count time in pending toward resolution, and shows the paused clock', async () => {
    await addPolicy({ name: 'Around the clock', position: 1, first_response_minutes: 30, resolution_minutes: 600 });
    const start = Date.UTC(2026, 10, 2, 8, 0);
    await travelTo(new Date(start));
    const id = await submit();
    expect((await detail(id)).sla).toMatchObject({
      first_response_due_at: iso(start + 30 * MINUTE),
      resolution_due_at: iso(start + 600 * MINUTE),
      resolution_paused: false,
    });

    // 100 minutes in, pending for 200 minutes, then open again: due 600 + 200 minutes after creation.
    await travelTo(new Date(start + 100 * MINUTE));
    const pending = await patch(id, { status: 'pending' });
    expect(pending.sla).toMatchObject({ resolution_due_at: null, resolution_paused: true });
    // The first response is still owed while pending (only resolution stands still).
    expect(pending.sla?.due_at).toBe(iso(start + 30 * MINUTE));
    await travelTo(new Date(start + 300 * MINUTE));
    const reopened = await patch(id, { status: 'open' });
    expect(reopened.sla).toMatchObject({ resolution_due_at: iso(start + 800 * MINUTE), resolution_paused: false });
    // Closed: nothing is owed any more; the due time it had stays to compare with.
    const closed = await patch(id, { status: 'closed' });
    expect(closed.sla).toMatchObject({ resolution_due_at: iso(start + 800 * MINUTE), due_at: null });
  });

  it('chooses the policy again when priority or tags change, by position', async () => {
    const urgent = await addPolicy({
      name: 'Urgent',
      position: 1,
      first_response_minutes: 15,
      applies_to: { priorities: ['urgent'] },
    });
    const vip = await addPolicy({
      name: 'VIP',
      position: 2,
      first_response_minutes: 45,
      applies_to: { tags: ['vip'] },
    });
    const rest = await addPolicy({ name: 'Everything else', position: 3, first_response_minutes: 240 });
    const start = Date.UTC(2026, 10, 3, 8, 0);
    await travelTo(new Date(start));
    const id = await submit();
    expect((await detail(id)).sla).toMatchObject({ policy_id: rest, first_response_due_at: iso(start + 240 * MINUTE) });
    // A label in another letter case matches; due times count from creation, not from the change.
    await travelTo(new Date(start + 10 * MINUTE));
    expect((await patch(id, { tags: ['VIP'] })).sla).toMatchObject({
      policy_id: vip,
      first_response_due_at: iso(start + 45 * MINUTE),
    });
    expect((await patch(id, { priority: 'urgent' })).sla).toMatchObject({
      policy_id: urgent,
      first_response_due_at: iso(start + 15 * MINUTE),
    });
    // No policy matches spam.
    expect((await patch(id, { status: 'spam' })).sla).toBeNull();
  });

  it('sorts the list by due time and filters breached ones', async () => {
    await addPolicy({ name: 'Short', position: 1, first_response_minutes: 20, applies_to: { priorities: ['high'] } });
    await addPolicy({ name: 'Long', position: 2, first_response_minutes: 90 });
    const start = Date.UTC(2026, 10, 4, 8, 0);
    await travelTo(new Date(start));
    const late = await submit(); // due +90
    const soon = await submit();
    await patch(soon, { priority: 'high' }); // due +20
    const list = async (query: Record<string, string>) =>
      (
        (await t.http().get('/staff/api/submissions').set('Cookie', agent).query(query).expect(200)).body
          .items as Item[]
      ).map((item) => item.id);
    const byDue = await list({ sort: 'due', limit: '100' });
    expect(byDue.indexOf(soon)).toBeLessThan(byDue.indexOf(late));
    // Paged by due time: the cursor goes on after the previous page's last row.
    const first = (
      await t.http().get('/staff/api/submissions').set('Cookie', agent).query({ sort: 'due', limit: '1' }).expect(200)
    ).body;
    const second = (
      await t
        .http()
        .get('/staff/api/submissions')
        .set('Cookie', agent)
        .query({ sort: 'due', limit: '1', cursor: first.next_cursor })
        .expect(200)
    ).body;
    expect([first.items[0].id, second.items[0].id]).toEqual(byDue.slice(0, 2));
    await t.http().get('/staff/api/submissions').set('Cookie', agent).query({ sort: 'oldest' }).expect(400);
    await t.http().get('/staff/api/submissions').set('Cookie', agent).query({ breached: 'yes' }).expect(400);
    // Nothing breached yet (the breach itself: the next describe).
    expect(await list({ breached: 'true' })).toEqual([]);
  });

  // Open one minute a week: a year of minutes would fall due ten thousand years away (issue 53, D3).
  const minuteAWeek: BusinessHours = {
    time_zone: 'Europe/Berlin',
    week: { mon: [['09:00', '09:01']] },
    holidays: [],
  };

  it('refuses targets that would fall due more than ten years away', async () => {
    const answer = async (method: 'post' | 'patch', path: string, body: object) => {
      const response = await t.http()[method](`/staff/api/sla-policies${path}`).set('Cookie', admin).send(body);
      return [response.status, response.body] as const;
    };
    const tooFar = (field: string) => [
      400,
      {
        status: 'error',
        message: `Invalid field: ${field} (a target must fall due within ten years of the policy's business hours)`,
      },
    ];
    const slow = { name: 'Slow', position: 1, business_hours: minuteAWeek };
    expect(await answer('post', '', { ...slow, resolution_minutes: 525_600 })).toEqual(tooFar('resolution_minutes'));
    // 521 weeks of one minute is the most: 522 is refused, 521 taken.
    expect(await answer('post', '', { ...slow, first_response_minutes: 522 })).toEqual(
      tooFar('first_response_minutes'),
    );
    await addPolicy({ ...slow, first_response_minutes: 521 });
    // Changing the hours alone is checked against the targets kept.
    const office = await addPolicy({
      name: 'Office',
      position: 2,
      resolution_minutes: 100_000,
      business_hours: BERLIN_OFFICE,
    });
    expect(await answer('patch', `/${office}`, { business_hours: minuteAWeek })).toEqual(tooFar('resolution_minutes'));
  });

  it('takes a submission under a policy stored before that check, its due time at the 20-year horizon', async () => {
    // Written straight to the table, as a release without the check stored it: intake answers 200 (it
    // answered 500, the due time in the year 12100 being more than the DATETIME column holds), with a due
    // time no later than the horizon, 20 years (7305 days) on.
    await t.app.get(SlaPoliciesRepository).insert({
      id: '0193a2b4-0000-7000-8000-00000000d3d3',
      name: 'Stored before the check',
      position: 1,
      firstResponseMinutes: 60,
      resolutionMinutes: 525_600,
      businessHours: minuteAWeek,
      appliesTo: {},
      createdAt: EARLIEST,
      updatedAt: EARLIEST,
    });
    policies.push('0193a2b4-0000-7000-8000-00000000d3d3');
    await t.app.get(SlaPolicyCache).changed();
    const intake = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Ada', message: 'Under a policy stored before the check' });
    expect([intake.status, intake.body.status]).toEqual([200, 'success']);
    expect((await detail(intake.body.id as string)).sla).toMatchObject({
      // 60 Mondays from Thursday 2026-10-01: the first is 10-05, the 60th 2027-11-22 (CET): 09:00 + 60 = 09:01 CET.
      first_response_due_at: '2027-11-22T08:01:00.000Z',
      resolution_due_at: '2046-10-01T00:00:00.000Z',
    });
  });
});

/**
 * A breach is recorded once per target, at its due time, however many workers check: two workers (and
 * the API) on one database and one Redis prefix, each with its clock past the due time, the delayed
 * check promoted and both sweeps run at once.
 */
describe('service levels: breaches with two workers', () => {
  let api: TestApp;
  // The two workers are the worker role in this process without an HTTP app: the test moves their
  // clocks and calls their sweeps, and never asks a worker anything over HTTP.
  const workers: RoomContext[] = [];
  let database: { url: string; drop: () => Promise<void> };
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    database = await ownDatabase();
    api = await createTestApp({ DATABASE_URL: database.url });
    for (let i = 0; i < 2; i += 1) {
      workers.push(
        await createWorkerContext({
          DATABASE_URL: database.url,
          REDIS_PREFIX: api.config.redis.prefix,
          WEBHOOK_RETRY_SCHEDULE: '0.3,0.3',
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of [...workers, api]) {
      await app.close();
    }
    await receiver.stop();
    await database.drop();
  });

  it('records a breach once, as an audit event, a webhook and a live event, with two workers checking', async () => {
    const admin = (await signedInStaff(api, 'Breach Admin', 'admin')).cookie;
    await api
      .http()
      .post('/staff/api/sla-policies')
      .set('Cookie', admin)
      .send({ name: 'Fast', position: 1, first_response_minutes: 15, resolution_minutes: 120 })
      .expect(201);
    await api
      .http()
      .post('/staff/api/webhooks')
      .set('Cookie', admin)
      .send({ url: receiver.url, api_key_id: null, events: ['submission.sla_breached'] })
      .expect(201);
    const key = await api.createKey({ rateLimit: 10_000 });
    const token = (await issueTokens(api, key.key)).access_token;
    const id = (
      await api
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Ada' })
        .expect(200)
    ).body.id as string;
    const sla = (await api.http().get(`/staff/api/submissions/${id}`).set('Cookie', admin).expect(200)).body.sla as Sla;
    const due = Date.parse(sla.first_response_due_at!);

    // Its check waits in the delayed set until the due time.
    const queue = workers[0].app.get<Queue>(getQueueToken(SLA_QUEUE), { strict: false });
    await waitUntil(
      async () => (await queue.getDelayedCount()) >= 2,
      'the two checks (first response, resolution) delayed',
    );

    // Before the due time nothing is recorded, however often it is checked.
    await Promise.all(workers.map((worker) => worker.app.get(SlaSweep, { strict: false }).sweepOnce()));
    expect(
      (await api.http().get(`/staff/api/submissions/${id}`).set('Cookie', admin).expect(200)).body.sla.breached,
    ).toBe(false);

    for (const worker of workers) {
      worker.clock.advance(due - Date.now() + MINUTE);
    }
    // The live channel, as every API process hears it (a real subscriber on the run's Redis).
    const heard: string[] = [];
    const listener = new Redis(api.config.redis.url);
    listener.on('message', (_channel: string, message: string) => heard.push(message));
    await listener.subscribe(liveChannel(api.config.redis));
    const firstResponseCheck = await queue.getJob(`sla-${id}-${due}`);
    expect(firstResponseCheck).toBeDefined();
    await Promise.all([
      firstResponseCheck!.promote(),
      ...workers.map((worker) => worker.app.get(SlaSweep, { strict: false }).sweepOnce()),
      ...workers.map((worker) => worker.app.get(SlaSweep, { strict: false }).sweepOnce()),
    ]);
    await waitUntil(async () => (await firstResponseCheck!.getState()) === 'completed', 'the promoted check ran');
    await queuesSettled(workers[0]);
    await waitUntil(() => receiver.received.length >= 1, 'the breach webhook');
    await queuesSettled(workers[0]);
    await waitUntil(() => heard.length >= 1, 'the live event');
    await listener.quit();
    expect(heard.map((message) => JSON.parse(message) as unknown)).toEqual([{ type: 'submission.changed', id }]);

    const after = (await api.http().get(`/staff/api/submissions/${id}`).set('Cookie', admin).expect(200))
      .body as Item & {
      events: { action: string; after: Record<string, unknown> | null }[];
    };
    expect(after.sla).toMatchObject({
      first_response_breached_at: iso(due),
      resolution_breached_at: null,
      breached: true,
    });
    const breaches = after.events.filter((event) => event.action === 'submission.sla_breached');
    expect(breaches).toEqual([
      expect.objectContaining({ after: { target: 'first_response', due_at: iso(due), policy_id: sla.policy_id } }),
    ]);
    // Counted once, by whichever worker recorded it.
    const counted = await Promise.all(
      workers.map(async (worker) => {
        const text = await worker.app.get(MetricsService).registry.metrics();
        return Number(/^sla_breaches_total\{target="first_response"\} (\d+)$/m.exec(text)?.[1]);
      }),
    );
    expect(counted[0] + counted[1]).toBe(1);
    expect(receiver.received.map((hook) => hook.body.type)).toEqual(['submission.sla_breached']);
    expect(receiver.received[0].body.data).toMatchObject({ id, target: 'first_response', due_at: iso(due) });
    const listed = (
      await api.http().get('/staff/api/submissions').set('Cookie', admin).query({ breached: 'true' }).expect(200)
    ).body.items as Item[];
    expect(listed.map((item) => item.id)).toEqual([id]);
  });

  it("tells every process of a policy change: another API process's intake uses it at once", async () => {
    const other = await createTestApp({ DATABASE_URL: database.url, REDIS_PREFIX: api.config.redis.prefix });
    try {
      const admin = (await signedInStaff(api, 'Cache Admin', 'admin')).cookie;
      const key = await api.createKey({ rateLimit: 10_000 });
      const token = (await issueTokens(other, key.key)).access_token;
      let sent = 0;
      const slaOfNew = async () => {
        const id = (
          await other
            .http()
            .post('/contact_api.php')
            .set('Authorization', `Bearer ${token}`)
            .send({ name: 'Ada', message: `cache ${(sent += 1)}` })
            .expect(200)
        ).body.id as string;
        return (await api.http().get(`/staff/api/submissions/${id}`).set('Cookie', admin).expect(200)).body
          .sla as Sla | null;
      };
      // The other process has read the policies (the test above left one for every key) before the change.
      const before = (await slaOfNew())?.policy_id;
      expect(before).toBeDefined();
      const policy = (
        await api
          .http()
          .post('/staff/api/sla-policies')
          .set('Cookie', admin)
          .send({
            name: 'Just this key',
            position: 0,
            first_response_minutes: 5,
            applies_to: { api_key_ids: [key.id] },
          })
          .expect(201)
      ).body as { id: string };
      await waitUntil(
        async () => (await slaOfNew())?.policy_id === policy.id,
        "the other process's intake using the new policy",
      );
      await api
        .http()
        .delete(`/staff/api/sla-policies/${policy.id}`)
        .set('Cookie', admin)
        .set('Content-Type', 'application/json')
        .expect(204);
      await waitUntil(
        async () => (await slaOfNew())?.policy_id === before,
        'the other process forgetting the deleted policy',
      );
    } finally {
      await other.close();
    }
  });
});

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
