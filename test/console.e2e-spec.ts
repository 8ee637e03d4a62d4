/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { startService } from './support/processes';
import { deleteKeysUnder } from './support/redis-keys';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';
import { StaffAdmin } from './support/service-calls';

const PASSWORD = 'console test passphrase';

/**
 * The staff console in a real browser (Debian's Chromium through playwright-core) against a real API
 * process on a free port, with the run's MariaDB (a database of its own) and Redis.
 */
describe('staff console (browser)', () => {
  let suite: ConsoleSuite;
  let base: string;
  let env: Record<string, string>;
  let seeded: StaffAdmin;
  const admin = { email: `admin.${randomBytes(3).toString('hex')}@example.com`, id: '' };
  const agent = { email: `agent.${randomBytes(3).toString('hex')}@example.com`, id: '' };

  const submit = (body: Record<string, unknown>): Promise<string> => suite.submit(body);
  const tokenFor = async (key: string): Promise<Response> =>
    fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });

  function signedIn(email: string, context?: BrowserContext): Promise<Page> {
    return suite.signIn({ email, password: PASSWORD }, context);
  }
  const row = (page: Page, name: string) => page.locator('.list .row', { hasText: name });

  beforeAll(async () => {
    suite = await startConsoleSuite('console', {
      admin: { email: admin.email, name: 'Ada Admin', password: PASSWORD },
      settings: {
        API_KEY_CACHE_TTL: '1',
        // An open event stream notices an ended session at its next heartbeat.
        LIVE_HEARTBEAT_INTERVAL: '2',
      },
    });
    ({ base, env } = suite);
    seeded = suite.admin;
    admin.id = seeded.id;
    agent.id = await seeded.createStaff({ email: agent.email, name: 'Alan Agent', role: 'agent', password: PASSWORD });
    await suite.websiteToken();
  });
  afterAll(() => suite?.stop());

  it('serves the page with a strict CSP, long-cached hashed assets, a no-cache index and its icon', async () => {
    const page = await fetch(`${base}/staff/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(
      "default-src 'self'; script-src 'self'; style-src 'self'",
    );
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style=/);
    const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)![1];
    const script = await fetch(`${base}/staff/${asset}`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bare = await fetch(`${base}/staff`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    // The page names its icon, and /favicon.ico (which browsers ask for anyway) answers with it.
    expect(html).toContain('<link rel="icon" href="./favicon.svg" type="image/svg+xml"');
    const svg = await fetch(`${base}/staff/favicon.svg`);
    const icon = await fetch(`${base}/favicon.ico`);
    expect([svg.status, icon.status]).toEqual([200, 200]);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toBe(await svg.text());
  });

  it('signs in, shows a new submission within 10 s, and processes it: note, assign, close', async () => {
    const page = await signedIn(admin.email);
    // The inbox's first load done before the submission: the row then comes with the counts read after
    // it. (A list and a count loaded while it was being stored may straddle it, until the next refresh.)
    await page.getByTestId('count-new').waitFor();
    const id = await submit({ name: 'Grace Hopper', email: 'grace@example.com', message: 'The compiler is down.' });
    await row(page, 'Grace Hopper').waitFor({ timeout: 10_000 });
    await row(page, 'Grace Hopper').click();
    const detail = page.getByRole('region', { name: 'Grace Hopper' });
    await detail.getByText('The compiler is down.').waitFor();
    await detail.getByLabel('Add a note').fill('Called back, waiting for logs.');
    await detail.getByRole('button', { name: 'Add note' }).click();
    await detail.getByText('Called back, waiting for logs.').waitFor();
    await detail.getByRole('button', { name: 'Assign to me' }).click();
    await detail.locator('dd', { hasText: 'Ada Admin' }).waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.locator('.badge.status-closed').waitFor();
    // It leaves the "new" tab, and the count follows within a poll: the tab shows what the service
    // counts now, Grace no longer among them. (A count read just as she arrived may not have held her
    // yet, the counts being cached up to 2 s, so the count before is no baseline to subtract from.)
    await row(page, 'Grace Hopper').waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForFunction(
      async () => {
        const counts = (await (await fetch('/staff/api/submissions/counts')).json()) as { new: number };
        return Number(document.querySelector('[data-testid="count-new"]')?.textContent) === counts.new;
      },
      undefined,
      { timeout: 10_000, polling: 500 },
    );
    // Events read as sentences with names, never an action code, an id or JSON.
    const events = (await detail.locator('.events li').allTextContents()).join('\n');
    expect(events).toMatch(
      /Ada Admin added a note[\s\S]*Ada Admin took this[\s\S]*Ada Admin changed the status from New to Closed/,
    );
    expect(events).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|[{}]|submission\./);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await page.context().close();
  });

  it('renders a message as text: markup shows literally and runs nothing', async () => {
    const page = await signedIn(agent.email);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await submit({ name: 'Mallory', message: '<img src=x onerror=alert(1)>' });
    await row(page, 'Mallory').waitFor({ timeout: 10_000 });
    await row(page, 'Mallory').click();
    await page.getByTestId('message').waitFor();
    expect(await page.getByTestId('message').textContent()).toBe('<img src=x onerror=alert(1)>');
    expect(await page.locator('.detail img').count()).toBe(0);
    expect(dialogs).toBe(0);
    await page.context().close();
  });

  it('tells the second of two editors that someone else changed it (412)', async () => {
    await submit({ name: 'Conflicted Person' });
    const first = await signedIn(admin.email);
    const second = await signedIn(agent.email);
    for (const page of [first, second]) {
      await row(page, 'Conflicted Person').waitFor({ timeout: 10_000 });
      await row(page, 'Conflicted Person').click();
      await page.getByRole('region', { name: 'Conflicted Person' }).waitFor();
    }
    await first.getByRole('button', { name: 'Pending' }).click();
    await first.locator('.detail .badge.status-pending').waitFor();
    await second.getByRole('button', { name: 'Spam' }).click();
    await second.getByText('Changed by someone else').waitFor();
    await second.getByRole('button', { name: 'Show what is new' }).click();
    await second.locator('.detail .badge.status-pending').waitFor();
    await first.context().close();
    await second.context().close();
  });

  it('triages by keyboard alone: j/k, Enter, a, e and / and ?', async () => {
    const tag = randomBytes(3).toString('hex');
    for (const n of [1, 2, 3]) {
      await submit({ name: `Keyboard ${tag} ${n}`, message: `triage ${tag}` });
    }
    const page = await signedIn(agent.email);
    await page.keyboard.press('/');
    await page.keyboard.type(tag);
    await page.keyboard.press('Enter');
    // The searched list: exactly the three (the unsearched inbox showed them too).
    await page.waitForFunction(
      (tag) => {
        const rows = [...document.querySelectorAll('.list .row-name')].map((name) => name.textContent ?? '');
        return rows.length === 3 && rows.every((name) => name.includes(tag));
      },
      tag,
      { timeout: 10_000 },
    );
    // A search looks in every status; triage works in the New tab, where a closed one leaves the list.
    // The tab's list is emptied and asked for again: wait for its answer, then for its rows.
    const newTab = page.waitForResponse(
      (response) => response.url().includes('api/submissions?') && response.url().includes('status=new'),
    );
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /^New/ }).click();
    await newTab;
    await page.waitForFunction(
      (tag) => {
        const rows = [...document.querySelectorAll('.list .row-name')].map((name) => name.textContent ?? '');
        return rows.length === 3 && rows.every((name) => name.includes(tag));
      },
      tag,
      { timeout: 10_000 },
    );
    await page.keyboard.press('Escape');
    const focusedName = () => page.evaluate(() => document.activeElement?.querySelector('.row-name')?.textContent);
    await page.keyboard.press('j');
    expect(await focusedName()).toBe(`Keyboard ${tag} 3`);
    await page.keyboard.press('j');
    expect(await focusedName()).toBe(`Keyboard ${tag} 2`);
    await page.keyboard.press('k');
    expect(await focusedName()).toBe(`Keyboard ${tag} 3`);
    for (let handled = 0; handled < 3; handled++) {
      const name = (await focusedName())!;
      await page.keyboard.press('Enter');
      const detail = page.getByRole('region', { name });
      await detail.waitFor();
      await page.keyboard.press('a');
      await detail.locator('dd', { hasText: 'Alan Agent' }).waitFor();
      await page.keyboard.press('e');
      await detail.locator('.badge.status-closed').waitFor();
      await page.waitForFunction((count) => document.querySelectorAll('.list .row').length === count, 2 - handled, {
        timeout: 10_000,
      });
      await page.keyboard.press('j');
    }
    expect(await page.locator('.list .row').count()).toBe(0);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.context().close();
  });

  it('searches every status from any tab and says where the matches are', async () => {
    const tag = `find${randomBytes(3).toString('hex')}`;
    await submit({ name: `Waiting ${tag}`, message: `printer ${tag}` });
    await submit({ name: `Fresh ${tag}`, message: `scanner ${tag}` });
    const page = await signedIn(agent.email);
    await row(page, `Waiting ${tag}`).click();
    const detail = page.getByRole('region', { name: `Waiting ${tag}` });
    await detail.getByRole('button', { name: 'Pending' }).click();
    await detail.locator('.badge.status-pending').waitFor();
    await row(page, `Waiting ${tag}`).waitFor({ state: 'detached', timeout: 10_000 });

    // From the New tab, a search finds the pending one too, and says where each match is.
    await page.getByRole('searchbox').fill(tag);
    await page.getByRole('searchbox').press('Enter');
    await row(page, `Waiting ${tag}`).waitFor({ timeout: 10_000 });
    await row(page, `Fresh ${tag}`).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `2 matches for “${tag}”: 1 in New, 1 in Pending. Showing all statuses.` })
      .waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('count-pending').textContent()).toBe('1');
    await page
      .getByRole('navigation', { name: 'Status' })
      .getByRole('link', { name: /^Pending/ })
      .click();
    await row(page, `Waiting ${tag}`).waitFor({ timeout: 10_000 });
    await row(page, `Fresh ${tag}`).waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('status').filter({ hasText: 'Showing Pending only.' }).waitFor();
    await page.context().close();
  });

  it('tells events as sentences with names, and shows the raw change in the audit log on demand', async () => {
    const tag = randomBytes(3).toString('hex');
    await submit({ name: `Storyteller ${tag}` });
    const page = await signedIn(admin.email);
    await row(page, `Storyteller ${tag}`).click();
    const detail = page.getByRole('region', { name: `Storyteller ${tag}` });
    await detail.getByLabel('Assign to').selectOption({ label: 'Alan Agent' });
    await detail.locator('dd', { hasText: 'Alan Agent' }).waitFor();
    await detail.getByRole('button', { name: 'Pending' }).click();
    await detail.locator('.badge.status-pending').waitFor();
    const events = detail.getByRole('list').filter({ hasText: 'assigned this' });
    await events.getByText('Ada Admin assigned this to Alan Agent').waitFor();
    await events.getByText('Ada Admin changed the status from New to Pending').waitFor();
    expect(await events.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|[{}]/);

    await page.goto(`${base}/staff/#/audit`);
    const line = page.getByRole('row').filter({ hasText: 'Ada Admin assigned a submission to Alan Agent' }).first();
    await line.waitFor({ timeout: 10_000 });
    // What shows before the raw change is opened: no id.
    expect(await line.innerText()).not.toContain(agent.id);
    await line.getByText('Raw change').click();
    await line.getByText(`{"assignee_id":"${agent.id}"}`).waitFor();
    await line.getByText('submission.assigned').waitFor();
    await page.context().close();
  });

  it('keeps flagged spam in the Spam tab with its reasons, and "Not spam" moves it to New', async () => {
    const tag = randomBytes(3).toString('hex');
    const body = { name: `Bot ${tag}`, message: `Cheap followers ${tag}` };
    await submit(body);
    await submit(body);
    const page = await signedIn(agent.email);
    await row(page, `Bot ${tag}`).waitFor({ timeout: 10_000 });
    expect(await row(page, `Bot ${tag}`).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /^Spam/ }).click();
    const flagged = row(page, `Bot ${tag}`);
    await flagged.getByText('flagged: same content as a recent submission').waitFor({ timeout: 10_000 });
    await flagged.click();
    const detail = page.getByRole('region', { name: `Bot ${tag}` });
    await detail.getByText(/Flagged as spam: same content as a recent submission/).waitFor();
    await detail.getByRole('button', { name: 'Not spam' }).click();
    await detail.locator('.badge.status-new').waitFor();
    await flagged.waitFor({ state: 'detached', timeout: 10_000 });
    // `!` toggles: spam again, then not spam.
    await page.keyboard.press('!');
    await detail.locator('.badge.status-spam').waitFor();
    await page.keyboard.press('!');
    await detail.locator('.badge.status-new').waitFor();
    await page.context().close();
  });

  it('shows an agent no admin screens, and the API answers 403 if it asks', async () => {
    const page = await signedIn(agent.email);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Inbox', 'Canned replies', 'Reports', 'Rules']);
    const status = await page.evaluate(async () => (await fetch('api/keys')).status);
    expect(status).toBe(403);
    await page.goto(`${base}/staff/#/keys`);
    await page.getByText('This page is for admins.').waitFor();
    await page.context().close();
  });

  it('lets an admin create a key (shown once), which works, then revoke it so it stops within 5 s', async () => {
    const page = await signedIn(admin.email);
    await page.goto(`${base}/staff/#/keys`);
    await page.getByRole('form', { name: 'Create an API key' }).getByLabel('Name').fill('Partner portal');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    expect(key).toMatch(/^ck_/);
    expect((await tokenFor(key)).status).toBe(200);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(key);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.content()).not.toContain(key);
    const line = page.locator('tr', { hasText: 'Partner portal' });
    // Afterwards only the key's display prefix is shown.
    const shown = (await line.locator('.mono').textContent())!.replace('…', '');
    expect(key.startsWith(shown) && shown.length < key.length).toBe(true);
    page.once('dialog', (dialog) => void dialog.accept());
    await line.getByRole('button', { name: 'Revoke' }).click();
    await line.getByText(/revoked/).waitFor();
    // Revoked keys leave every process's key cache within 5 s.
    await waitUntil(async () => (await tokenFor(key)).status === 401, 'the revoked key refused', 5_000);
    await page.context().close();
  });

  it('exports the current filter as CSV', async () => {
    const tag = randomBytes(3).toString('hex');
    await submit({ name: `Exported ${tag}`, message: `export ${tag}` });
    await submit({ name: 'Not exported', message: 'something else' });
    const page = await signedIn(admin.email);
    await page.getByRole('searchbox').fill(tag);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`q=${tag}`));
    await row(page, `Exported ${tag}`).waitFor({ timeout: 10_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,status/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Exported ${tag}`);
    await page.context().close();
  });

  it('returns to sign-in when the session ends, keeping the URL, and signs out', async () => {
    const context = await suite.browser.newContext();
    const page = await signedIn(agent.email, context);
    await page.goto(`${base}/staff/#/inbox?status=open`);
    await page.getByRole('link', { name: /Open/ }).first().waitFor();
    // The session ends (expired): the cookie is gone, and so is the session behind it.
    await context.clearCookies();
    await deleteKeysUnder(process.env.REDIS_URL!, `${env.REDIS_PREFIX}:staffsession`);
    await page.getByRole('heading', { name: 'Staff console' }).waitFor({ timeout: 10_000 });
    expect(page.url()).toContain('#/inbox?status=open');
    await page.getByLabel('E-mail').fill(agent.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.tabs a[aria-current="page"]', { hasText: 'Open' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Staff console' }).waitFor();
    expect((await context.cookies()).filter((cookie) => cookie.name === 'ci_staff' && cookie.value)).toEqual([]);
    await context.close();
  });

  it('shows the lockout message when sign-in is throttled', async () => {
    const page = await (await suite.browser.newContext()).newPage();
    await page.goto(`${base}/staff/`);
    const email = `locked.${randomBytes(3).toString('hex')}@example.com`;
    for (let i = 0; i < 6; i++) {
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
    }
    expect(await page.getByRole('alert').textContent()).toMatch(
      /Too many failed sign-ins\. Try again in \d+ minutes?\./,
    );
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on sign-in, inbox, detail and keys', async () => {
    const check = async (page: Page) => {
      expect(await seriousAxeViolations(page)).toEqual([]);
    };
    const signIn = await (await suite.browser.newContext()).newPage();
    await signIn.goto(`${base}/staff/`);
    await signIn.getByLabel('E-mail').waitFor();
    await check(signIn);
    await signIn.context().close();
    for (const scheme of ['light', 'dark'] as const) {
      const context = await suite.browser.newContext({ colorScheme: scheme });
      const page = await signedIn(admin.email, context);
      await page.locator('.list .row').first().waitFor();
      await check(page);
      await page.locator('.list .row').first().click();
      await page.locator('.detail h2').waitFor();
      await check(page);
      await page.goto(`${base}/staff/#/keys`);
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await check(page);
      await context.close();
    }
  });

  it('shows each webhook attempt of a submission and replays a failed delivery', async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    receiver.respond = () => 500;
    const worker = await startService(
      { ...env, STAFF_CHANNELS: 'webhooks', WEBHOOK_RETRY_SCHEDULE: '0.1', HEALTH_PORT: '0' },
      'worker.js',
    );
    try {
      const key = await seeded.createKey('Hooked');
      await seeded.post('webhooks', { url: receiver.url, api_key_id: key.id });
      const hooked = ((await (await tokenFor(key.key)).json()) as { access_token: string }).access_token;
      const response = await fetch(`${base}/contact_api.php`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${hooked}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Webhook Watcher', message: 'Is anyone listening?' }),
      });
      expect(response.status).toBe(200);
      await waitUntil(() => receiver.received.length === 2, 'two failed attempts');

      const page = await signedIn(agent.email);
      await row(page, 'Webhook Watcher').click();
      const webhooks = page.getByTestId('webhooks');
      await webhooks.getByText('failed', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await webhooks.locator('.attempts li').count()).toBe(2);
      expect(await webhooks.locator('.attempts').textContent()).toContain('HTTP 500');

      receiver.respond = () => 200;
      await webhooks.getByRole('button', { name: /^Replay webhook / }).click();
      await page.getByText('Webhook sent again.').waitFor();
      await waitUntil(() => receiver.successes().size === 1, 'the replayed delivery');
      // The detail polls: the new status and third attempt show without a reload.
      await webhooks.getByText('delivered', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await webhooks.locator('.attempts li').count()).toBe(3);
    } finally {
      expect(await worker.stop()).toBe(0);
      await receiver.stop();
    }
  });
});
