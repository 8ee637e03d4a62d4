/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, Page } from 'playwright-core';
import { SlaSweep } from '../src/service-levels/sla-sweep.service';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { createWorkerContext, RoomContext } from './support/room-context';
import { submitTo } from './support/service-calls';
import { SmtpSink } from './support/smtp-sink';
import { waitUntil } from './support/wait';

/** `WRITE_SCREENSHOTS=1` refreshes the service-level screenshot in docs/ (committed with the change). */
const WRITE_SCREENSHOTS = process.env.WRITE_SCREENSHOTS === '1';
const DOCS = join(__dirname, '..', 'docs');
const ARTIFACTS = join(__dirname, 'artifacts');
const PASSWORD = 'service levels console passphrase';
const AGENT = { email: 'sla.agent@example.com', name: 'Dana Agent', role: 'agent' as const, password: PASSWORD };
const MINUTE = 60_000;

/**
 * Service levels in the console (issue 41), as an agent works in a real browser against a real API
 * process (its own database: policies apply to every submission of one): the inbox marks a submission
 * due within the hour and one breached, sorts by due time and shows only breached ones, and the
 * detail says each target's state. The breach is recorded without waiting: a worker of this test's
 * own (on the API's database and Redis prefix) has its clock moved past the due time and sweeps.
 */
describe('staff console: service levels (browser)', () => {
  const smtp = new SmtpSink();
  let api: ConsoleSuite;
  let worker: RoomContext;
  const ids: Record<string, string> = {};
  /** An access token of each form's API key. */
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    await smtp.start();
    const mail = { SMTP_URL: smtp.url, REPLY_FROM: 'help@intake.test' };
    api = await startConsoleSuite('consolesla', {
      admin: { email: 'sla.admin@example.com', name: 'Sam Admin', password: PASSWORD },
      staff: [AGENT],
      settings: mail,
    });
    // The worker role in this process without an HTTP app: the test moves its clock and calls its sweep.
    worker = await createWorkerContext({
      ...mail,
      DATABASE_URL: api.env.DATABASE_URL,
      REDIS_PREFIX: api.env.REDIS_PREFIX,
    });
    const admin = api.admin;
    // One policy per form, chosen by its API key; the newsletter has none.
    const forms = [
      { key: 'Chat', policy: { first_response_minutes: 5, resolution_minutes: 600 } },
      { key: 'Website', policy: { first_response_minutes: 45, resolution_minutes: 480 } },
      { key: 'Email form', policy: { first_response_minutes: 240, resolution_minutes: 1440 } },
      { key: 'Newsletter', policy: null },
    ];
    for (const [index, form] of forms.entries()) {
      const { id, key } = await admin.createKey(form.key, { rate_limit: 10_000 });
      if (form.policy) {
        await admin.post('sla-policies', {
          name: form.key,
          position: index + 1,
          ...form.policy,
          business_hours: null,
          applies_to: { api_key_ids: [id] },
        });
      }
      const answer = await fetch(`${api.base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
      tokens[form.key] = ((await answer.json()) as { access_token: string }).access_token;
    }
    // Oldest first; each message its own (the spam filter holds back a duplicate, and spam has no SLA).
    const people = [
      { name: 'Ada Lovelace', email: 'ada@example.com', form: 'Chat' },
      { name: 'Grace Hopper', email: 'grace@example.com', form: 'Website' },
      { name: 'Katherine Johnson', email: 'katherine@example.com', form: 'Email form' },
      { name: 'Hedy Lamarr', email: 'hedy@example.com', form: 'Newsletter' },
    ];
    for (const person of people) {
      ids[person.name] = await submitTo(api.base, tokens[person.form], {
        name: person.name,
        email: person.email,
        message: `A question from ${person.name} about the ${person.form.toLowerCase()}`,
      });
    }
  });
  afterAll(async () => {
    await worker?.close();
    await api?.stop();
    await smtp.stop();
  });

  const signedIn = async (context?: BrowserContext): Promise<Page> => api.signIn(AGENT, context);
  const rowsOf = (page: Page) => page.getByRole('list', { name: 'Submission list' }).getByRole('link');
  const rowOf = (page: Page, name: string) => rowsOf(page).filter({ hasText: name });
  /** Waits until the list shows exactly these people, in this order (it is emptied, then refilled). */
  const listed = (page: Page, names: string[]) =>
    waitUntil(
      async () =>
        JSON.stringify(
          (await rowsOf(page).allTextContents()).map((text) => names.find((name) => text.includes(name)) ?? text),
        ) === JSON.stringify(names),
      `the list showing ${names.join(', ')}`,
    );
  const serviceLevelOf = (page: Page, name: string) =>
    page.getByRole('region', { name }).getByRole('region', { name: 'Service level' });
  const checkAxe = async (page: Page) => {
    expect(await seriousAxeViolations(page)).toEqual([]);
  };

  it('marks what is due within the hour and what was breached, sorts by due time, shows only breached ones, and details the targets', async () => {
    const page = await signedIn(await api.browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await listed(page, ['Hedy Lamarr', 'Katherine Johnson', 'Grace Hopper', 'Ada Lovelace']);
    // Due within the hour: minutes by the browser's clock; later: a quiet "Due in 4 h"; no policy: nothing.
    await rowOf(page, 'Grace Hopper')
      .getByText(/^Due in (4[3-5]) min$/)
      .waitFor();
    await rowOf(page, 'Ada Lovelace')
      .getByText(/^Due in [3-5] min$/)
      .waitFor();
    await rowOf(page, 'Katherine Johnson').getByText('Due in 4 h', { exact: true }).waitFor();
    expect(
      await rowOf(page, 'Hedy Lamarr')
        .getByText(/Due|Breached/)
        .count(),
    ).toBe(0);

    // Ada's first response is missed: a worker whose clock is past its due time (and not Grace's) sweeps,
    // and the inbox follows the event.
    worker.clock.advance(6 * MINUTE);
    await worker.app.get(SlaSweep, { strict: false }).sweepOnce();
    await rowOf(page, 'Ada Lovelace').getByText('Breached').waitFor();
    expect(await rowOf(page, 'Grace Hopper').getByText('Breached').count()).toBe(0);

    // Due first: the breached one, then by due time, then the one without a service level.
    const search = page.getByRole('search');
    await search.getByLabel('Sort').selectOption({ label: 'Due first' });
    await page.waitForURL(/sort=due/);
    await listed(page, ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson', 'Hedy Lamarr']);
    // Breached only (the tab counts follow it), kept in the address through a reload.
    await search.getByLabel('Breached only').check();
    await page.waitForURL(/breached=true/);
    await listed(page, ['Ada Lovelace']);
    await page.getByTestId('count-new').filter({ hasText: /^1$/ }).waitFor();
    await page.reload();
    await listed(page, ['Ada Lovelace']);
    expect(await page.getByRole('search').getByLabel('Breached only').isChecked()).toBe(true);
    expect(await page.getByRole('search').getByLabel('Sort').inputValue()).toBe('due');

    // The detail: the first response breached, the resolution still due.
    await rowOf(page, 'Ada Lovelace').click();
    const ada = serviceLevelOf(page, 'Ada Lovelace');
    await ada.getByText('Policy “Chat”, around the clock').waitFor();
    expect(await ada.getByRole('definition').allTextContents()).toEqual([
      expect.stringMatching(/^Breached: was due .+$/),
      expect.stringMatching(/^Due: .+ \(in 10 h\)$/),
    ]);
    await page
      .getByRole('region', { name: 'Ada Lovelace' })
      .getByText('The first response missed its due time')
      .waitFor();

    // Grace: due within the hour; a reply meets it.
    // (in every status: a reply opens a new submission, and pending is a status of its own)
    await page.getByRole('search').getByLabel('Breached only').uncheck();
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'All' }).click();
    await page.waitForURL(/status=all/);
    await listed(page, ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson', 'Hedy Lamarr']);
    await rowOf(page, 'Grace Hopper').click();
    const grace = serviceLevelOf(page, 'Grace Hopper');
    await grace.getByText(/^Due: .+ \(in 4[3-5] min\)$/).waitFor();
    await page.getByRole('region', { name: 'Grace Hopper' }).getByLabel('Reply to grace@example.com').fill('On it.');
    await page.getByRole('region', { name: 'Grace Hopper' }).getByRole('button', { name: 'Send reply' }).click();
    await grace.getByText(/^Met: replied .+$/).waitFor();
    // Now only the resolution is owed: the row's mark says when, quietly.
    await rowOf(page, 'Grace Hopper').getByText('Due in 8 h', { exact: true }).waitFor();

    // Katherine: waiting on the customer pauses the resolution; the first response is still owed.
    await rowOf(page, 'Katherine Johnson').click();
    const katherine = serviceLevelOf(page, 'Katherine Johnson');
    await katherine.getByText(/^Due: .+ \(in 24 h\)$/).waitFor();
    await page.getByRole('region', { name: 'Katherine Johnson' }).getByRole('button', { name: 'Pending' }).click();
    await katherine.getByText(/^Paused: waiting on the customer/).waitFor();
    expect(await katherine.getByRole('definition').allTextContents()).toEqual([
      expect.stringMatching(/^Due: .+ \(in 4 h\)$/),
      expect.stringMatching(/^Paused: waiting on the customer/),
    ]);

    // No policy, no service level.
    await page.goto(`${api.base}/staff/#/inbox?status=all&open=${ids['Hedy Lamarr']}`);
    await page.getByRole('region', { name: 'Hedy Lamarr' }).getByText('A question from Hedy Lamarr').waitFor();
    expect(await page.getByRole('region', { name: 'Service level' }).count()).toBe(0);
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on the marked inbox and the detail, light and dark, at 1280 and 390 px', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // One due within the hour again, beside the breached one and the later ones.
    await submitTo(api.base, tokens.Website, {
      name: 'Mary Jackson',
      email: 'mary@example.com',
      message: 'A question from Mary Jackson about the wind tunnel',
    });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const context = await api.browser.newContext({
          colorScheme: scheme,
          viewport: { width, height: width === 390 ? 844 : 800 },
        });
        const page = await signedIn(context);
        await page.goto(`${api.base}/staff/#/inbox?status=all&sort=due`);
        await rowOf(page, 'Ada Lovelace').getByText('Breached').waitFor();
        await rowOf(page, 'Katherine Johnson').getByText('Due in 4 h').waitFor();
        await rowOf(page, 'Mary Jackson')
          .getByText(/^Due in 4[3-5] min$/)
          .waitFor();
        await checkAxe(page);
        await page.screenshot({ path: join(ARTIFACTS, `console-sla-inbox-${width}-${scheme}.png`) });
        const fits = () =>
          page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, {
            timeout: 3_000,
          });
        await fits();

        await page.goto(`${api.base}/staff/#/inbox?status=all&sort=due&open=${ids['Ada Lovelace']}`);
        await serviceLevelOf(page, 'Ada Lovelace').getByText('Breached').waitFor();
        await checkAxe(page);
        await fits();
        await page.screenshot({ path: join(ARTIFACTS, `console-sla-detail-${width}-${scheme}.png`) });
        if (WRITE_SCREENSHOTS && width === 1280 && scheme === 'light') {
          await page.screenshot({ path: join(DOCS, 'console-sla.png') });
        }
        await context.close();
      }
    }
  });
});
