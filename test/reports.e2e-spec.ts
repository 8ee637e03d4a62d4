import { RatingLinks } from '../src/ratings/rating-links';
import { SatisfactionSurveysRepository } from '../src/ratings/satisfaction-surveys.repository';
import { SlaTracker } from '../src/service-levels/sla-tracker.service';
import { ReportDaysBuilder } from '../src/reports/report-days.builder';
import { ReportDaysRepository } from '../src/reports/report-days.repository';
import { ownDatabase } from './support/own-database';
import { newStaffAccount, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

interface Quantiles {
  median_minutes: number | null;
  p90_minutes: number | null;
}
interface Figures {
  created: number;
  closed: number;
  spam: number;
  first_response: Quantiles;
  resolution: Quantiles;
  sla_met_pct: number | null;
  satisfaction: { good: number; not_good: number; good_pct: number | null };
}
interface Report {
  from: string;
  to: string;
  buckets: (Figures & { start: string })[];
  by_assignee: (Figures & { assignee: { id: string; name: string } | null })[];
  by_key: (Figures & { api_key: { id: string; name: string } })[];
  by_tag: (Figures & { tag: string })[];
  backlog: Record<string, number>;
}

const q = (median: number | null, p90: number | null): Quantiles => ({ median_minutes: median, p90_minutes: p90 });
const none = { good: 0, not_good: 0, good_pct: null };
const oneGood = { good: 1, not_good: 0, good_pct: 100 };
const at = (iso: string) => new Date(iso);

/**
 * Reports (issue 41, point 4) over a fixture whose answers are worked out by hand below, on a database
 * of the file's own, with the app's clock set to each moment of the fixture (standing still there).
 * The same report is asked from the rows, from the built day figures, after a change of a past day,
 * after an erasure, and as CSV.
 */
describe('reports', () => {
  let t: TestApp;
  let database: { url: string; drop: () => Promise<void> };
  let admin: string;
  let adminEmail: string;
  let agentId: string;
  let token: string;
  const keys: Record<'a' | 'b', { id: string; key: string }> = {} as never;
  const ids: Record<string, string> = {};

  /** Sets the app's clock to `iso` and signs in again there (sessions are checked against the app's time). */
  const travelTo = async (iso: string) => {
    t.clock.setTo(at(iso), { frozen: true });
    admin = await staffCookie(t, adminEmail);
  };
  const submit = async (key: 'a' | 'b', email: string) => {
    token = (await issueTokens(t, keys[key].key)).access_token;
    const response = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Customer', email, message: `About ${email}` })
      .expect(200);
    return response.body.id as string;
  };
  const version = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', admin).expect(200)).body.version as number;
  const patch = async (id: string, body: object) =>
    t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', admin)
      .set('If-Match', `"${await version(id)}"`)
      .send(body)
      .expect(200);
  const reply = async (id: string) =>
    t
      .http()
      .post(`/staff/api/submissions/${id}/replies`)
      .set('Cookie', admin)
      .set('If-Match', `"${await version(id)}"`)
      .send({ body: 'Thank you, we are on it.' })
      .expect(201);
  /** Answers a submission's survey as its requester does: the form behind the mail's link, over HTTP. */
  const rate = async (submissionId: string, rating: 'good' | 'not_good') => {
    const survey = await t.app.get(SatisfactionSurveysRepository).ofSubmission(submissionId);
    const token = t.app.get(RatingLinks).tokenOf({ surveyId: survey!.id, expiresAt: survey!.expiresAt });
    await t.http().post('/rate').type('form').send({ token, rating }).expect(200);
  };
  const report = async (query: Record<string, string> = {}) =>
    (
      await t
        .http()
        .get('/staff/api/reports')
        .set('Cookie', admin)
        .query({ from: '2026-12-07', to: '2026-12-09', interval: 'day', ...query })
        .expect(200)
    ).body as Report;

  beforeAll(async () => {
    database = await ownDatabase();
    // SMTP_URL lets staff reply (and survey); no worker runs here, so nothing is ever sent.
    t = await createTestApp({
      DATABASE_URL: database.url,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'https://support.example.com',
      // The admin asks for some fifty reports within the minute the file takes; the last case its own account.
      STAFF_REPORTS_RATE_LIMIT: '60',
    });
    t.clock.setTo(at('2026-12-01T00:00:00Z'), { frozen: true });
    adminEmail = (await newStaffAccount(t, 'Report Admin', 'admin')).email;
    agentId = (await newStaffAccount(t, 'Report Agent')).id;
    keys.a = await t.createKey({ name: 'Key A', rateLimit: 10_000 });
    keys.b = await t.createKey({ name: 'Key B', rateLimit: 10_000 });
    await travelTo('2026-12-01T00:00:00Z');
    // Key A's submissions: a first reply within 60 minutes, resolved within 240, around the clock.
    await t
      .http()
      .post('/staff/api/sla-policies')
      .set('Cookie', admin)
      .send({
        name: 'Key A',
        position: 1,
        first_response_minutes: 60,
        resolution_minutes: 240,
        applies_to: { api_key_ids: [keys.a.id] },
      })
      .expect(201);
    // Key A's requesters are asked how it went when their submission closes.
    await t.http().patch(`/staff/api/keys/${keys.a.id}`).set('Cookie', admin).send({ csat: true }).expect(200);

    // Monday 2026-12-07.
    await travelTo('2026-12-07T09:00:00Z');
    ids.s1 = await submit('a', 's1@example.com');
    await travelTo('2026-12-07T09:30:00Z');
    await reply(ids.s1); // first response 30
    await travelTo('2026-12-07T10:00:00Z');
    ids.s2 = await submit('a', 's2@example.com');
    ids.s3 = await submit('b', 's3@example.com');
    await patch(ids.s3, { status: 'spam' });
    await patch(ids.s2, { assignee_id: agentId });
    await travelTo('2026-12-07T11:00:00Z');
    await patch(ids.s1, { status: 'closed' }); // resolution 120, SLA kept
    // s2's first reply was due at 11:00: the check records the breach.
    await travelTo('2026-12-07T11:30:00Z');
    await t.app.get(SlaTracker).checkBreaches(ids.s2);
    await travelTo('2026-12-07T12:00:00Z');
    await reply(ids.s2); // first response 120

    // Tuesday 2026-12-08.
    await travelTo('2026-12-08T08:00:00Z');
    ids.s4 = await submit('b', 's4@example.com');
    await patch(ids.s4, { tags: ['Billing'] });
    await travelTo('2026-12-08T08:10:00Z');
    await reply(ids.s4); // first response 10, no policy
    await travelTo('2026-12-08T09:00:00Z');
    ids.s5 = await submit('a', 's5@example.com');
    await travelTo('2026-12-08T10:00:00Z');
    await patch(ids.s2, { status: 'closed' }); // resolution 1440 (from Monday 10:00), SLA broken
    await patch(ids.s5, { status: 'pending' }); // 60 minutes in; first reply (due 10:00) still owed
    await travelTo('2026-12-08T10:30:00Z');
    await t.app.get(SlaTracker).checkBreaches(ids.s5);

    // Wednesday 2026-12-09: s5 back (after 1440 minutes paused), closed an hour later: resolution 120.
    await travelTo('2026-12-09T10:00:00Z');
    await patch(ids.s5, { status: 'open' });
    await travelTo('2026-12-09T11:00:00Z');
    await patch(ids.s5, { status: 'closed' });
    // s1's requester answers "good" on Wednesday, s2's "not good" on Thursday (outside the period).
    await travelTo('2026-12-09T15:00:00Z');
    await rate(ids.s1, 'good');
    await travelTo('2026-12-10T09:00:00Z');
    await rate(ids.s2, 'not_good');
    await travelTo('2026-12-10T12:00:00Z');
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  /**
   * By hand, from the fixture above:
   *   12-07: created s1, s2 (s3 is spam); closed s1 (120, kept); first replies s1 30, s2 120.
   *   12-08: created s4, s5; closed s2 (1440, broken); first reply s4 10.
   *   12-09: closed s5 (120, broken: its first reply never came in time).
   * Nearest rank: of [30, 120] the median is the 1st (30), the p90 the 2nd (120).
   */
  const expected = (): Report['buckets'] => [
    {
      start: '2026-12-07',
      created: 2,
      closed: 1,
      spam: 1,
      first_response: q(30, 120),
      resolution: q(120, 120),
      sla_met_pct: 100,
      satisfaction: none,
    },
    {
      start: '2026-12-08',
      created: 2,
      closed: 1,
      spam: 0,
      first_response: q(10, 10),
      resolution: q(1440, 1440),
      sla_met_pct: 0,
      satisfaction: none,
    },
    {
      start: '2026-12-09',
      created: 0,
      closed: 1,
      spam: 0,
      first_response: q(null, null),
      resolution: q(120, 120),
      sla_met_pct: 0,
      satisfaction: oneGood,
    },
  ];

  it('reports each day, each key, assignee and label, from the rows', async () => {
    const got = await report();
    expect(got.buckets).toEqual(expected());
    // Key A: s1, s2, s5 arrived and closed; first replies [30, 120]; resolutions [120, 120, 1440]: the
    // median is the 2nd (120), the p90 the 3rd (1440); SLA kept 1 of 3 = 33.3 %.
    expect(got.by_key).toEqual([
      {
        api_key: { id: keys.a.id, name: 'Key A' },
        created: 3,
        closed: 3,
        spam: 0,
        first_response: q(30, 120),
        resolution: q(120, 1440),
        sla_met_pct: 33.3,
        satisfaction: oneGood,
      },
      {
        api_key: { id: keys.b.id, name: 'Key B' },
        created: 1,
        closed: 0,
        spam: 1,
        first_response: q(10, 10),
        resolution: q(null, null),
        sla_met_pct: null,
        satisfaction: none,
      },
    ]);
    expect(got.by_assignee).toEqual([
      expect.objectContaining({ assignee: null, created: 3, closed: 2, spam: 1, first_response: q(10, 30) }),
      expect.objectContaining({
        assignee: { id: agentId, name: 'Report Agent' },
        created: 1,
        closed: 1,
        resolution: q(1440, 1440),
        sla_met_pct: 0,
      }),
    ]);
    expect(got.by_tag).toEqual([
      expect.objectContaining({ tag: 'billing', created: 1, closed: 0, first_response: q(10, 10) }),
    ]);
    // Open work now: s4 (answered, still open).
    expect(got.backlog.new + got.backlog.open + got.backlog.pending).toBe(1);

    // By week: one ISO week from Monday the 7th; the filters narrow every part.
    const week = await report({ interval: 'week' });
    expect(week.buckets).toEqual([
      {
        start: '2026-12-07',
        created: 4,
        closed: 3,
        spam: 1,
        first_response: q(30, 120),
        resolution: q(120, 1440),
        sla_met_pct: 33.3,
        satisfaction: oneGood,
      },
    ]);
    expect((await report({ api_key_id: keys.b.id })).buckets.map((bucket) => bucket.created)).toEqual([0, 1, 0]);
    expect((await report({ tag: 'BILLING' })).buckets.map((bucket) => bucket.first_response.median_minutes)).toEqual([
      null,
      10,
      null,
    ]);
    expect((await report({ assignee_id: agentId })).buckets.map((bucket) => bucket.closed)).toEqual([0, 1, 0]);
    expect((await report({ assignee_id: 'none' })).by_assignee.map((row) => row.assignee)).toEqual([null]);
    // The answer given on the 10th counts in a period that takes it in, for who handled it at closing.
    const later = await report({ to: '2026-12-10' });
    expect(later.buckets[3].satisfaction).toEqual({ good: 0, not_good: 1, good_pct: 0 });
    expect(later.by_assignee.find((row) => row.assignee?.id === agentId)?.satisfaction).toEqual({
      good: 0,
      not_good: 1,
      good_pct: 0,
    });
  });

  it('answers the same from the built day figures, and stays exact when a past day changes', async () => {
    const asked = () =>
      Promise.all([
        report(),
        report({ tag: 'billing' }),
        report({ interval: 'week' }),
        report({ api_key_id: keys.b.id }),
        report({ assignee_id: 'none' }),
        report({ api_key_id: keys.b.id, assignee_id: 'none' }),
      ]);
    // Each day marked changed: the first round is computed from the rows (and kept), the second read back.
    await t.app.get(ReportDaysRepository).markChanged(['2026-12-07', '2026-12-08', '2026-12-09']);
    const fromRows = await asked();
    // by_tag at each grain: the label's totals over every key and assignee, one key's, the unassigned.
    expect(
      fromRows.map((got) => got.by_tag.map((row) => [row.tag, row.created, row.first_response.median_minutes])),
    ).toEqual([
      [['billing', 1, 10]],
      [['billing', 1, 10]],
      [['billing', 1, 10]],
      [['billing', 1, 10]],
      [['billing', 1, 10]],
      [['billing', 1, 10]],
    ]);
    expect((await report({ api_key_id: keys.a.id })).by_tag).toEqual([]);
    // The reports kept the past days they computed: nothing is left to build, and reports read them.
    expect(await t.app.get(ReportDaysBuilder).buildPass(t.clock.now(), 100)).toBe(0);
    expect(await asked()).toEqual(fromRows);

    // Reopening s1 (closed on the 7th) takes it out of that day's closings at once.
    await travelTo('2026-12-10T13:00:00Z');
    await patch(ids.s1, { status: 'open' });
    const reopened = await report();
    expect(reopened.buckets[0]).toMatchObject({ closed: 0, resolution: q(null, null), sla_met_pct: null });
    expect(reopened.buckets.slice(1)).toEqual(expected().slice(1));
    // Built again, the same.
    await t.app.get(ReportDaysBuilder).buildPass(t.clock.now(), 100);
    expect(await report()).toEqual(reopened);
  });

  it('leaves an erased person out of the day figures already built', async () => {
    await t.app.get(ReportDaysBuilder).buildPass(t.clock.now(), 100);
    await t.http().post('/staff/api/privacy/erase').set('Cookie', admin).send({ email: 's4@example.com' }).expect(200);
    const after = await report();
    expect(after.buckets[1]).toMatchObject({ created: 1, first_response: q(null, null) });
    expect(after.by_tag).toEqual([]);
  });

  it('answers CSV for Accept: text/csv, and refuses a bad period', async () => {
    const csv = await t
      .http()
      .get('/staff/api/reports')
      .set('Cookie', admin)
      .set('Accept', 'text/csv')
      .query({ from: '2026-12-07', to: '2026-12-09', interval: 'day' })
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'section,start,id,name,created,closed,spam,first_response_median_minutes,first_response_p90_minutes,' +
        'resolution_median_minutes,resolution_p90_minutes,sla_met_pct,satisfaction_good,satisfaction_not_good,' +
        'satisfaction_good_pct,count',
    );
    expect(lines[1]).toBe('bucket,2026-12-07,,,2,0,1,30,120,,,,0,0,,');
    expect(lines).toContain(`api_key,,${keys.a.id},Key A,3,2,0,30,120,120,1440,0,1,0,100,`);
    // s1, reopened (s4, still open, was erased).
    expect(lines).toContain('backlog,,,open,,,,,,,,,,,,1');

    const refused = async (query: Record<string, string>, message: string) =>
      expect(
        (await t.http().get('/staff/api/reports').set('Cookie', admin).query(query).expect(400)).body.message,
      ).toBe(message);
    await refused({ to: '2026-12-09' }, 'Missing field: from');
    await refused({ from: '2026-02-30', to: '2026-12-09' }, 'Invalid field: from');
    await refused({ from: '2026-12-09', to: '2026-12-01' }, 'Invalid field: to');
    await refused({ from: '2020-01-01', to: '2026-12-09' }, 'Invalid field: to');
    await refused({ from: '2025-01-01', to: '2026-12-09', interval: 'day' }, 'Invalid field: to');
    await refused({ from: '2026-12-01', to: '2026-12-09', interval: 'month' }, 'Invalid field: interval');
    await refused({ from: '2026-12-01', to: '2026-12-09', assignee_id: 'me' }, 'Invalid field: assignee_id');
  });

  it('ends a period that runs past today today, and refuses one that starts after it', async () => {
    // Issue 53: days to come were computed from the rows at every request (1.5 s for a year ahead).
    await travelTo('2026-12-10T13:00:00Z');
    const ahead = await report({ to: '2027-12-31', interval: 'week' });
    expect([ahead.from, ahead.to, ahead.buckets.map((bucket) => bucket.start)]).toEqual([
      '2026-12-07',
      '2026-12-10',
      ['2026-12-07'],
    ]);
    const byDay = await report({ to: '2027-01-31' });
    expect(byDay.to).toBe('2026-12-10');
    expect(byDay.buckets.map((bucket) => bucket.start)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
    ]);
    // The length limit counts the period as ended today: to 2099-12-31 from 2026-12-01 is ten days (by
    // day); from 2025-01-01 it is 709, more than a report by day's 366.
    const open = await report({ from: '2026-12-01', to: '2099-12-31' });
    expect([open.from, open.to, open.buckets.length]).toEqual(['2026-12-01', '2026-12-10', 10]);
    const tooLong = await t
      .http()
      .get('/staff/api/reports')
      .set('Cookie', admin)
      .query({ from: '2025-01-01', to: '2099-12-31', interval: 'day' })
      .expect(400);
    expect(tooLong.body).toEqual({ status: 'error', message: 'Invalid field: to' });
    const future = await t
      .http()
      .get('/staff/api/reports')
      .set('Cookie', admin)
      .query({ from: '2026-12-11', to: '2026-12-31' })
      .expect(400);
    expect(future.body).toEqual({ status: 'error', message: 'Invalid field: from (after today, UTC)' });
  });

  it("counts report requests against the account's own STAFF_REPORTS_RATE_LIMIT: 429 with Retry-After beyond", async () => {
    const reader = await staffCookie(t, (await newStaffAccount(t, 'Report Reader')).email);
    const ask = () =>
      t.http().get('/staff/api/reports').set('Cookie', reader).query({ from: '2026-12-09', to: '2026-12-09' });
    for (let i = 0; i < 60; i++) {
      expect((await ask()).status).toBe(200);
    }
    const over = await ask();
    expect([over.status, over.body]).toEqual([429, { status: 'error', message: 'Too many requests' }]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The reports' budget only: the account's other staff routes, and other accounts' reports, go on.
    await t.http().get('/staff/api/me').set('Cookie', reader).expect(200);
    await report();
  });
});
