/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { Page } from 'playwright-core';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { customerAnswers } from './support/service-calls';

const PASSWORD = 'live console passphrase';
const INBOUND_TOKEN = 'live-console-inbound-token-0123';
const TITLE = 'Inbox — contact-intake';

/**
 * The live console in Chromium, as two agents use it: what arrives and what the other one does shows
 * without a reload (pushed over the event stream), each sees the other "is viewing", and with the
 * stream blocked the console still polls.
 */
describe('live console (browser)', () => {
  let suite: ConsoleSuite;
  let base: string;
  const alan = { email: `alan.${randomBytes(3).toString('hex')}@example.com` };
  const grace = { email: `grace.${randomBytes(3).toString('hex')}@example.com` };

  const submit = (body: Record<string, unknown>) => suite.submit(body);

  /** A new browser (its own cookies) signed in as `email`, the inbox open; `prepare` runs before it loads. */
  async function signedIn(email: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
    const page = await (await suite.browser.newContext()).newPage();
    await prepare?.(page);
    const streamOpened = prepare
      ? Promise.resolve()
      : page.waitForResponse('**/staff/api/stream').then((response) => expect(response.status()).toBe(200));
    await page.goto(`${base}/staff/`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await streamOpened;
    return page;
  }
  const row = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });
  const openSubmission = async (page: Page, name: string) => {
    await row(page, name).click();
    const detail = page.getByRole('region', { name });
    await detail.waitFor();
    return detail;
  };
  const axeSerious = async (page: Page) => {
    return seriousAxeViolations(page);
  };

  beforeAll(async () => {
    suite = await startConsoleSuite('live', {
      admin: { email: `admin.${alan.email}`, name: 'Live Admin', password: PASSWORD },
      staff: [
        { email: alan.email, name: 'Alan Turing', role: 'agent', password: PASSWORD },
        { email: grace.email, name: 'Grace Hopper', role: 'agent', password: PASSWORD },
      ],
      settings: { INBOUND_TOKEN, STAFF_CHANNELS: 'webhooks' },
    });
    base = suite.base;
  });
  afterAll(() => suite?.stop());

  it('shows a new submission without a reload and counts it in the tab title until the agent looks', async () => {
    const page = await signedIn(alan.email);
    await page.getByText('Nothing here.').waitFor();
    expect(await page.title()).toBe(TITLE);
    await submit({ name: 'Margaret Hamilton', email: 'margaret@example.com', message: 'The lander is off course.' });
    await row(page, 'Margaret Hamilton').waitFor({ timeout: 10_000 });
    expect(await page.title()).toBe(`(1) ${TITLE}`);
    await submit({ name: 'Katherine Johnson', message: 'Check my numbers.' });
    await row(page, 'Katherine Johnson').waitFor({ timeout: 10_000 });
    expect(await page.title()).toBe(`(2) ${TITLE}`);
    // The agent takes the list in hand: what arrived is seen.
    await page.keyboard.press('j');
    expect(await page.title()).toBe(TITLE);
    await page.context().close();
  });

  it('lets two agents on one submission see each other viewing, and offers the other one’s change', async () => {
    await submit({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'The engine stalls.' });
    const first = await signedIn(alan.email);
    const second = await signedIn(grace.email);
    const atFirst = await openSubmission(first, 'Ada Lovelace');
    const atSecond = await openSubmission(second, 'Ada Lovelace');
    await atFirst.getByRole('status').filter({ hasText: 'Grace Hopper is viewing' }).waitFor();
    await atSecond.getByRole('status').filter({ hasText: 'Alan Turing is viewing' }).waitFor();
    expect(await axeSerious(first)).toEqual([]);

    await atSecond.getByRole('button', { name: 'Pending' }).click();
    await atSecond.locator('.badge.status-pending').waitFor();
    await atSecond.getByRole('combobox', { name: 'Priority', exact: true }).selectOption('high');
    // Offered, not applied under the agent's hands: what changed, and a button to see it.
    const offer = atFirst.getByRole('status').filter({ hasText: 'Updated by someone else' });
    await offer.filter({ hasText: 'priority high (was normal)' }).waitFor({ timeout: 10_000 });
    expect(await offer.textContent()).toContain('status pending (was new)');
    expect(await axeSerious(first)).toEqual([]);
    // On a phone the offer and "is viewing" wrap: nothing is wider than the screen.
    await first.setViewportSize({ width: 390, height: 844 });
    await first.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, {
      timeout: 3_000,
    });
    await first.setViewportSize({ width: 1280, height: 800 });
    await first.keyboard.press('u');
    await atFirst.locator('.badge.status-pending').waitFor();
    expect(await offer.count()).toBe(0);

    // Grace goes back to the list: Alan no longer reads that she is viewing.
    await second.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /^New/ }).click();
    await atFirst.getByText('Grace Hopper is viewing').waitFor({ state: 'detached', timeout: 10_000 });
    await first.context().close();
    await second.context().close();
  });

  it('shows a customer’s answer in the open submission as it arrives, and the reply box is based on it', async () => {
    const id = await submit({ name: 'Hedy Lamarr', email: 'hedy@example.com', message: 'Frequency hopping?' });
    const page = await signedIn(alan.email);
    const detail = await openSubmission(page, 'Hedy Lamarr');
    const inbound = await customerAnswers(base, INBOUND_TOKEN, {
      from: 'hedy@example.com',
      ref: refOf(id),
      messageId: `live-console-${randomBytes(4).toString('hex')}@example.com`,
      text: 'Also, torpedoes.',
    });
    expect(inbound).toBe(202);
    await detail.getByText('Also, torpedoes.').waitFor({ timeout: 10_000 });
    await detail.getByText('New message from the customer.').waitFor();
    await page.context().close();
  });

  it('falls back to polling when the event stream is blocked', async () => {
    const page = await signedIn(grace.email, (blocked) =>
      blocked.route('**/staff/api/stream', (route) => route.abort()),
    );
    await row(page, 'Margaret Hamilton').waitFor();
    await submit({ name: 'Barbara Liskov', message: 'Substitution, please.' });
    await row(page, 'Barbara Liskov').waitFor({ timeout: 10_000 });
    await page.context().close();
  });
});
