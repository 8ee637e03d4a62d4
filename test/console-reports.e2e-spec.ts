/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, Locator, Page } from 'playwright-core';
import { SlaTracker } from '../src/service-levels/sla-tracker.service';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { newStaffAccount, STAFF_PASSWORD, staffCookie } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';

/** `WRITE_SCREENSHOTS=1` refreshes the Reports screenshot in docs/ (committed with the change). */
const SHOTS = join(__dirname, process.env.WRITE_SCREENSHOTS === '1' ? '../docs' : 'artifacts');
const ARTIFACTS = join(__dirname, 'artifacts');
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const PHONE = { width: 390, height: 844 };
/** The browser's language, so the dates the page writes are known here. */
const LOCALE = 'en-GB';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A report day as the page writes it ("2 Jun 2025"). */
const shown = (iso: string) =>
  new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** Monday 00:00 UTC of this week, and the two weeks before it, where everything of the test happens. */
const THIS_MONDAY = (() => {
  const today = Date.parse(utcDay(Date.now()));
  return today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
})();
const WEEK_A = THIS_MONDAY - 14 * DAY_MS;
const WEEK_B = THIS_MONDAY - 7 * DAY_MS;
/** The screen's default period: 12 whole weeks to today. */
const FROM = utcDay(THIS_MONDAY - 77 * DAY_MS);
const TO = utcDay(Date.now());
/** `day` days after Monday of `week`, at `time` (UTC). */
const at = (week: number, day: number, time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(week + day * DAY_MS + (hours * 60 + minutes) * MINUTE_MS);
};

/**
 * The Reports screen (issue 41, point 5) in a real Chromium against a real API process (a database of
 * its own, so the figures are this file's alone). The submissions are made, answered, assigned,
 * tagged and closed over the two weeks before this one by an app of the test's own on the same
 * database and Redis, whose clock is set to each moment (so first responses and resolutions take the
 * minutes worked out below); the browser then reads the report over the default last 12 weeks.
 */
describe('staff console: reports (browser)', () => {
  let api: ConsoleSuite;
  let t: TestApp;
  let admin: { email: string };
  let agent: { id: string; email: string };
  let cookie = '';
  const ids: Record<string, string> = {};

  /** Sets the app's clock to `moment` and signs the admin in again there (sessions follow the app's time). */
  const travelTo = async (moment: Date) => {
    t.clock.setTo(moment, { frozen: true });
    cookie = await staffCookie(t, admin.email);
  };
  let sent = 0;
  const submit = async (key: string, tags: string[] = []) => {
    sent += 1;
    const token = (await issueTokens(t, key)).access_token;
    const response = await t
      .http()
      .post('/contact_api.php')
      .set('Authorization', `Bearer ${token}`)
      // Each person and message its own: the spam filter holds back repeats and marked senders.
      .send({ name: `Customer ${sent}`, email: `customer${sent}@example.com`, message: `Question number ${sent}` })
      .expect(200);
    const id = response.body.id as string;
    if (tags.length > 0) {
      await patch(id, { tags });
    }
    return id;
  };
  const version = async (id: string) =>
    `"${(await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body.version}"`;
  const patch = async (id: string, changes: object) =>
    t
      .http()
      .patch(`/staff/api/submissions/${id}`)
      .set('Cookie', cookie)
      .set('If-Match', await version(id))
      .send(changes)
      .expect(200);
  const reply = async (id: string) =>
    t
      .http()
      .post(`/staff/api/submissions/${id}/replies`)
      .set('Cookie', cookie)
      .set('If-Match', await version(id))
      .send({ body: 'Thank you, we are on it.' })
      .expect(201);

  beforeAll(async () => {
    // No admin of the fixture's: the people are made below on the test clock, before the fixture's first moment.
    api = await startConsoleSuite('consolereports', {});
    // SMTP_URL lets staff reply; no worker runs, so nothing is ever sent.
    t = await createTestApp({
      DATABASE_URL: api.env.DATABASE_URL,
      REDIS_PREFIX: api.env.REDIS_PREFIX,
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    // Everyone and everything exists from before the fixture's first moment (a session is not valid
    // before its account's password was set).
    t.clock.setTo(at(WEEK_A, 0, '07:00'), { frozen: true });
    admin = await newStaffAccount(t, 'Rhea Admin', 'admin');
    agent = await newStaffAccount(t, 'Grace Agent');
    const grace = agent;
    const alan = await newStaffAccount(t, 'Alan Agent');
    const website = await t.createKey({ name: 'Website', rateLimit: 10_000 });
    const chat = await t.createKey({ name: 'Chat', rateLimit: 10_000 });

    await travelTo(at(WEEK_A, 0, '08:00'));
    // The website's submissions: a first reply within an hour, resolved within eight, around the clock.
    await t
      .http()
      .post('/staff/api/sla-policies')
      .set('Cookie', cookie)
      .send({
        name: 'Website',
        position: 1,
        first_response_minutes: 60,
        resolution_minutes: 480,
        applies_to: { api_key_ids: [website.id] },
      })
      .expect(201);

    // Week A, Tuesday: s1 answered in 30 minutes and closed in 2 h (kept); s2 answered after its
    // first response was due (breached) and closed a day later.
    await travelTo(at(WEEK_A, 1, '09:00'));
    ids.s1 = await submit(website.key, ['billing']);
    await travelTo(at(WEEK_A, 1, '09:30'));
    await reply(ids.s1);
    await travelTo(at(WEEK_A, 1, '10:00'));
    ids.s2 = await submit(website.key, ['billing']);
    await patch(ids.s2, { assignee_id: alan.id });
    await patch(ids.s1, { assignee_id: grace.id });
    await travelTo(at(WEEK_A, 1, '11:00'));
    await patch(ids.s1, { status: 'closed' });
    await travelTo(at(WEEK_A, 1, '11:30'));
    await t.app.get(SlaTracker).checkBreaches(ids.s2);
    await travelTo(at(WEEK_A, 1, '12:20'));
    await reply(ids.s2);
    // Wednesday: s3 (chat) answered in 15 minutes and left open; s4 is spam; s2 closed.
    await travelTo(at(WEEK_A, 2, '09:00'));
    ids.s3 = await submit(chat.key, ['refund']);
    await patch(ids.s3, { status: 'open' });
    ids.s4 = await submit(chat.key);
    await patch(ids.s4, { status: 'spam' });
    await travelTo(at(WEEK_A, 2, '09:15'));
    await reply(ids.s3);
    await travelTo(at(WEEK_A, 2, '10:00'));
    await patch(ids.s2, { status: 'closed' });

    // Week B: s5 (Grace) answered in 45 minutes, closed in 3 h; s6 (Grace, chat) answered in 20 minutes,
    // then waiting on the customer; s7 untouched; s8 (chat) closed in an hour unanswered; s9 given to Alan.
    await travelTo(at(WEEK_B, 0, '09:00'));
    ids.s5 = await submit(website.key, ['refund']);
    await patch(ids.s5, { assignee_id: grace.id });
    await travelTo(at(WEEK_B, 0, '09:45'));
    await reply(ids.s5);
    await travelTo(at(WEEK_B, 0, '12:00'));
    await patch(ids.s5, { status: 'closed' });
    await travelTo(at(WEEK_B, 1, '14:00'));
    ids.s6 = await submit(chat.key);
    await patch(ids.s6, { assignee_id: grace.id });
    await travelTo(at(WEEK_B, 1, '14:20'));
    await reply(ids.s6);
    await patch(ids.s6, { status: 'pending' });
    await travelTo(at(WEEK_B, 3, '08:00'));
    ids.s7 = await submit(website.key);
    await travelTo(at(WEEK_B, 3, '09:00'));
    ids.s8 = await submit(chat.key, ['billing']);
    await travelTo(at(WEEK_B, 3, '10:00'));
    await patch(ids.s8, { status: 'closed' });
    await travelTo(at(WEEK_B, 4, '10:00'));
    ids.s9 = await submit(chat.key);
    await patch(ids.s9, { assignee_id: alan.id });
    t.clock.setTo(new Date());
  });
  afterAll(async () => {
    await t?.close();
    await api?.stop();
  });

  /*
   * By hand, from the above (nearest rank: of n values the median is the ceil(n/2)-th, the 90th
   * percentile the ceil(0.9 n)-th):
   *   Week A: created s1 s2 s3 (s4 spam), closed s1 s2; first replies 30, 140, 15 -> 30 / 140;
   *           resolutions 120, 1440 -> 120 / 1440; SLA s1 kept, s2 broken -> 50%.
   *   Week B: created s5-s9, closed s5 s8; first replies 45, 20 -> 20 / 45; resolutions 180, 60 -> 60 / 180;
   *           SLA s5 kept (s8 has no policy) -> 100%.
   *   Grace: s1 s5 s6; Unassigned: s3 s4 s7 s8; Alan: s2 s9. billing: s1 s2 s8; refund: s3 s5.
   *   Backlog now: new s7 s9, open s3, pending s6.
   */
  const WEEKS = Array.from({ length: 12 }, (_, index) => utcDay(THIS_MONDAY - (11 - index) * 7 * DAY_MS));
  const weekRows = (a: string[], b: string[], otherwise: string[]) =>
    WEEKS.map((week) => [shown(week), ...(week === utcDay(WEEK_A) ? a : week === utcDay(WEEK_B) ? b : otherwise)]);

  const part = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
  /** The table's body as text: one array of cells (the row's header first) per row. */
  const rowsOf = (table: Locator) =>
    table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows
          .filter((row) => row.parentElement?.tagName === 'TBODY')
          .map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())),
      );
  const tableOf = (page: Page, title: string) => part(page, title).getByRole('table');
  const open = async (context: BrowserContext, email: string, query = ''): Promise<Page> => {
    const page = await api.signIn({ email, password: STAFF_PASSWORD }, context);
    if (query) {
      await page.goto(`${api.base}/staff/#/reports?${query}`);
    } else {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
    }
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await part(page, 'By tag').getByRole('table').waitFor();
    return page;
  };
  // A browser far from UTC: the report's days are UTC days all the same.
  const newContext = (viewport = { width: 1280, height: 1000 }, colorScheme: 'light' | 'dark' = 'light') =>
    api.browser.newContext({ viewport, colorScheme, locale: LOCALE, timezoneId: 'Pacific/Auckland' });

  it('shows the last 12 weeks: each chart named by what it shows, with its table of the same figures', async () => {
    const page = await open(await newContext(), admin.email);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(FROM);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(TO);
    expect(await page.getByLabel(/^Interval/).inputValue()).toBe('week');

    const weekB = `the week of ${shown(utcDay(WEEK_B))}`;
    for (const name of [
      `Volume 8 created, 4 closed and 1 spam in 12 weeks; the most created, 5, in ${weekB}.`,
      'First response Measured in 2 of 12 weeks: the median from 20 min to 30 min, the 90th percentile at most 2 h 20 min.',
      'Resolution Measured in 2 of 12 weeks: the median from 1 h to 2 h, the 90th percentile at most 24 h.',
      'SLA met Measured in 2 of 12 weeks: from 50% to 100% of the submissions closed under an SLA policy kept it.',
      'Backlog now Open work now, whatever the period: 2 new, 1 open, 1 pending.',
      'By agent Busiest first. Grace Agent: 3 created, 2 closed; Unassigned: 3 created, 1 closed; Alan Agent: 2 created, 1 closed.',
      'By tag Busiest first. billing: 3 created, 3 closed; refund: 2 created, 1 closed.',
    ]) {
      const chart = page.getByRole('img', { name, exact: true });
      await chart.waitFor();
      // Drawn: uPlot's canvas fills the chart's width.
      expect((await chart.locator('canvas').first().boundingBox())!.width).toBeGreaterThan(200);
    }

    expect(await rowsOf(tableOf(page, 'Volume'))).toEqual(weekRows(['3', '2', '1'], ['5', '2', '0'], ['0', '0', '0']));
    expect(await rowsOf(tableOf(page, 'First response'))).toEqual(
      weekRows(['30 min', '2 h 20 min'], ['20 min', '45 min'], ['—', '—']),
    );
    expect(await rowsOf(tableOf(page, 'Resolution'))).toEqual(weekRows(['2 h', '24 h'], ['1 h', '3 h'], ['—', '—']));
    expect(await rowsOf(tableOf(page, 'SLA met'))).toEqual(weekRows(['50%'], ['100%'], ['—']));
    expect(await rowsOf(tableOf(page, 'Backlog now'))).toEqual([
      ['New', '2'],
      ['Open', '1'],
      ['Pending', '1'],
    ]);
    expect(await rowsOf(tableOf(page, 'By agent'))).toEqual([
      ['Grace Agent', '3', '2', '0', '30 min', '45 min', '2 h', '3 h', '100%'],
      ['Unassigned', '3', '1', '1', '15 min', '15 min', '1 h', '1 h', '—'],
      ['Alan Agent', '2', '1', '0', '2 h 20 min', '2 h 20 min', '24 h', '24 h', '0%'],
    ]);
    expect(await rowsOf(tableOf(page, 'By tag'))).toEqual([
      ['billing', '3', '3', '0', '30 min', '2 h 20 min', '2 h', '24 h', '50%'],
      ['refund', '2', '1', '0', '15 min', '45 min', '3 h', '3 h', '100%'],
    ]);
    // Captions and column headers make each a table a screen reader can walk.
    expect(await tableOf(page, 'Volume').locator('caption').textContent()).toBe('Volume per week');
    expect(await tableOf(page, 'Volume').getByRole('columnheader').allTextContents()).toEqual([
      'Week of',
      'Created',
      'Closed',
      'Spam',
    ]);
    // Beside the chart on a wide screen.
    const chartBox = (await part(page, 'Volume').getByRole('img').boundingBox())!;
    const tableBox = (await tableOf(page, 'Volume').boundingBox())!;
    expect(tableBox.x).toBeGreaterThan(chartBox.x + chartBox.width - 1);

    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'console-reports.png') });
    await page.context().close();
  });

  it('follows the interval and a tag in the address, and downloads what is shown as CSV, all by keyboard', async () => {
    const page = await open(await newContext(), admin.email);
    await page.getByLabel(/^Interval/).selectOption({ label: 'By day' });
    await page.waitForURL(/#\/reports\?interval=day$/);
    await tableOf(page, 'Volume').locator('caption').filter({ hasText: 'Volume per day' }).waitFor();
    const days = await rowsOf(tableOf(page, 'Volume'));
    expect(days).toHaveLength((Date.parse(TO) - Date.parse(FROM)) / DAY_MS + 1);
    // Tuesday of week A: s1 and s2 came, s1 was closed; Wednesday: s3 came, s4 as spam, s2 was closed.
    expect(days).toContainEqual([shown(utcDay(WEEK_A + DAY_MS)), '2', '1', '0']);
    expect(days).toContainEqual([shown(utcDay(WEEK_A + 2 * DAY_MS)), '1', '1', '1']);

    // The address keeps it; from the top of the page, with the keyboard only: each control in turn, then
    // a tag typed and applied by Enter.
    await page.reload();
    await tableOf(page, 'Volume').locator('caption').filter({ hasText: 'Volume per day' }).waitFor();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return (element?.closest('label')?.firstChild?.textContent ?? element?.textContent ?? '').trim();
      });
    const reached: string[] = [];
    for (let step = 0; step < 40 && reached[reached.length - 1] !== 'Tag'; step += 1) {
      await page.keyboard.press('Tab');
      const name = await focused();
      // A date field is one stop per part (day, month, year) and its calendar button.
      if (name !== reached[reached.length - 1]) {
        reached.push(name);
      }
    }
    // The header's links first (Reports among them), then the period and the filters in a row.
    expect(reached.indexOf('Reports')).toBeGreaterThan(-1);
    expect(reached.slice(reached.indexOf('From'))).toEqual(['From', 'To', 'Interval', 'Agent', 'API key', 'Tag']);
    await page.keyboard.type('BILLING');
    await page.keyboard.press('Enter');
    // The address keeps the tag as typed; the API compares labels in any letter case.
    await page.waitForURL(/#\/reports\?interval=day&tag=BILLING$/);
    await part(page, 'Backlog now')
      .getByRole('img', { name: /0 new, 0 open, 0 pending/ })
      .waitFor();
    expect(await rowsOf(tableOf(page, 'By tag'))).toEqual([
      ['billing', '3', '3', '0', '30 min', '2 h 20 min', '2 h', '24 h', '50%'],
    ]);
    const tagged = await rowsOf(tableOf(page, 'Volume'));
    expect(tagged).toContainEqual([shown(utcDay(WEEK_A + DAY_MS)), '2', '1', '0']);
    expect(tagged).toContainEqual([shown(utcDay(WEEK_A + 2 * DAY_MS)), '0', '1', '0']);
    expect(tagged).toContainEqual([shown(utcDay(WEEK_B + 3 * DAY_MS)), '1', '1', '0']);

    // Then Download CSV, by Enter: the API's CSV of the same period, interval and tag, under its name.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Download CSV');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`report-${FROM}-${TO}.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    // Read by the header's names (the API may add columns; none here holds a comma).
    const [header, ...lines] = csv
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    expect(header.slice(0, 12)).toEqual([
      'section',
      'start',
      'id',
      'name',
      'created',
      'closed',
      'spam',
      'first_response_median_minutes',
      'first_response_p90_minutes',
      'resolution_median_minutes',
      'resolution_p90_minutes',
      'sla_met_pct',
    ]);
    const records = lines.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index]])));
    expect(records.filter((record) => record.section === 'bucket')).toHaveLength(days.length);
    // Tuesday of week A with the tag: s1 and s2 came, s1 was closed (kept its SLA); first replies 30 and 140.
    expect(records.find((record) => record.start === utcDay(WEEK_A + DAY_MS))).toEqual(
      expect.objectContaining({
        section: 'bucket',
        created: '2',
        closed: '1',
        spam: '0',
        first_response_median_minutes: '30',
        first_response_p90_minutes: '140',
        resolution_median_minutes: '120',
        resolution_p90_minutes: '120',
        sla_met_pct: '100',
      }),
    );
    expect(records.filter((record) => record.section === 'tag')).toEqual([
      expect.objectContaining({
        name: 'billing',
        created: '3',
        closed: '3',
        resolution_p90_minutes: '1440',
        sla_met_pct: '50',
      }),
    ]);
    // The long day tables scroll in their boxes, which the keyboard reaches next.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Last 12 weeks');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Volume per day (scrolls)',
    );
    await page.context().close();
  });

  it('shows an agent the report without the key filter', async () => {
    const page = await open(await newContext(), agent.email);
    expect(await page.getByLabel(/^API key/).count()).toBe(0);
    expect(
      await page
        .getByLabel(/^Agent/)
        .locator('option')
        .allTextContents(),
    ).toEqual(expect.arrayContaining(['anyone', 'unassigned', 'Alan Agent', 'Grace Agent']));
    await page.getByLabel(/^Agent/).selectOption({ label: 'Grace Agent' });
    await page.waitForURL(/assignee_id=/);
    await part(page, 'Volume')
      .getByRole('img', { name: /3 created, 2 closed and 0 spam in 12 weeks/ })
      .waitFor();
    await page.context().close();
  });

  it('has no serious or critical accessibility violations at 1280 and 390 px, light and dark, by week and by day, and fits a phone', async () => {
    const screens = [
      { viewport: { width: 1280, height: 1000 }, scheme: 'light', query: '' },
      { viewport: { width: 1280, height: 1000 }, scheme: 'dark', query: 'interval=day' },
      { viewport: PHONE, scheme: 'light', query: 'interval=day' },
      { viewport: PHONE, scheme: 'dark', query: '' },
    ] as const;
    for (const { viewport, scheme, query } of screens) {
      const page = await open(await newContext(viewport, scheme), admin.email, query);
      const violations = await seriousAxeViolations(page);
      expect({ viewport, scheme, query, violations }).toEqual({ viewport, scheme, query, violations: [] });
      if (viewport === PHONE) {
        // Nothing wider than the screen; each chart as wide as it can be, its table below it.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        for (const title of ['Volume', 'By agent']) {
          const chart = (await part(page, title).getByRole('img').boundingBox())!;
          const table = (await tableOf(page, title).boundingBox())!;
          expect(table.y).toBeGreaterThanOrEqual(chart.y + chart.height);
          expect(chart.width).toBeGreaterThan(300);
        }
        await page.screenshot({ path: join(ARTIFACTS, `console-reports-phone-${scheme}.png`), fullPage: true });
      }
      await page.context().close();
    }
  });
});
